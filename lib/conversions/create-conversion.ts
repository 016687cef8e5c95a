import { AppError, isAppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { sandboxRefusal } from '@/lib/engines/sandbox/sandbox-status';
import { type Conversion, Prisma } from '@/lib/generated/prisma/client';
import { allowanceSubject, type Caller, ownerOf } from '@/lib/identity/caller';
import { enqueueCharged } from '@/lib/conversions/enqueue-charged';
import { type LocalRun, reserveLocalRun } from '@/lib/jobs/local-hand-off';
import type { PlannedRun } from '@/lib/jobs/events';
import { leaseInsertedSql, type RunLease } from '@/lib/jobs/run-leases';
import { logContext } from '@/lib/log/log-context';
import { expiresAtFor } from '@/lib/plans';
import {
  allowanceUsedUp,
  allowanceUsedUpHereToday,
  type Charge,
  chargeDailyAllowance,
  chargeStatement,
  noteAllowanceUsedUp,
} from '@/lib/limits/daily-allowance';
import { CONVERSION_ROW, conversionValues } from '@/lib/conversions/conversion-row-sql';
import { claimedAtInsert } from '@/lib/conversions/run-state';
import { preparedQuery } from '@/lib/prepared-sql';
import { newStorageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage';
import { newConversionId } from '@/lib/domain/conversion-id';
import { parseConvertOptions } from '@/lib/conversions/convert-options';
import { detectSource, engineFor, parseTargetFormat } from '@/lib/conversions/check-input';
import { type ToolRequest, toolTarget } from '@/lib/conversions/tool-target';
import type { PhaseTimer } from '@/lib/system/phase-timings';
import type { StoredInput } from '@/lib/conversions/stored-input';

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];
/** A write that must commit with the new conversion's row or not at all (it uses `tx` only). */
export type RecordConversion = (tx: Tx, conversionId: bigint) => Promise<unknown>;

/**
 * Turns a stored input into a pending conversion and queues its job. The input's format is
 * detected from its bytes; on any refusal the stored input is deleted, so nothing is left behind,
 * unless `keepRefusedInput`: a refusal before the conversion's row is written then leaves it to
 * whatever still holds it (a cloud import token, redeemable again).
 */
export async function createConversion(options: {
  caller: Caller;
  input: StoredInput;
  targetFormat: string | undefined;
  /** Compression or OCR instead of a conversion: the target then follows from the tool (`targetFormat` unused). */
  tool?: ToolRequest;
  /** A conversion's `options` as sent (parsed JSON), checked for the pair once the format is detected. */
  convertOptions?: unknown;
  timer?: PhaseTimer;
  recordIn?: RecordConversion;
  keepRefusedInput?: boolean;
  /** Called with the new row's id once it is written, before its run can start (e.g. to watch its end). */
  onInserted?: (id: bigint) => void;
  /** The caller answers with the result, never with the row as created: insertAndRun's `claim`. */
  claim?: boolean;
}) {
  const { caller, input, timer } = options;
  let inserted = false;
  try {
    const { tool } = options;
    const requested = tool ? undefined : parseTargetFormat(options.targetFormat);
    const { fileName, source } = await detectSource(input);
    const convertOptions = requested
      ? parseConvertOptions(source, requested, options.convertOptions, engineFor(source, requested))
      : undefined;
    const target = tool ? toolTarget(tool, source) : requested!;
    timer?.mark('detect');

    const createdAt = new Date();
    const row = await insertAndRun(
      caller,
      {
        createdAt,
        ...ownerOf(caller),
        originalFileName: fileName,
        originalFormat: source,
        targetFormat: target,
        operation: tool?.name ?? 'convert',
        options: (tool?.options ?? convertOptions ?? {}) as Prisma.InputJsonObject,
        inputKey: input.key,
        inputSize: BigInt(input.size),
        resultKey: newStorageKey('results'),
        expiresAt: expiresAtFor(caller.plan, createdAt),
      },
      {
        recordIn: options.recordIn,
        claim: options.claim,
        onInserted: (id) => {
          inserted = true;
          timer?.mark('insert');
          timer?.identify(id);
          options.onInserted?.(id);
        },
      },
    );
    timer?.mark('enqueue');
    return row;
  } catch (e) {
    if (inserted || !options.keepRefusedInput)
      await storage()
        .delete(input.key)
        .catch(() => {});
    throw e;
  }
}

/**
 * Charges, inserts the row and sets its run going: in this process, its lease written with the row,
 * when an engine slot is free here (lib/jobs/local-hand-off.ts), else through the queue, whose
 * refusal undoes the row and the charge (enqueueCharged). `onInserted` is called with the new row's
 * id before its run can start. `claim`: the caller never answers with the row as created, so a run
 * that starts here is claimed by the insert too (claimedAtInsert), not by a statement of its own.
 */
export async function insertAndRun(
  caller: Caller,
  data: ConversionData,
  options: { recordIn?: RecordConversion; onInserted?: (id: bigint) => void; claim?: boolean } = {},
): Promise<Conversion> {
  const { recordIn } = options;
  const localRun = recordIn ? undefined : reserveLocalRun(allowanceSubject(caller));
  const claim = localRun !== undefined && options.claim === true;
  if (claim && canRunAhead(caller, data)) return insertRunningAhead(caller, data, localRun, options);
  const written = claim ? { ...data, ...claimedAtInsert() } : data;
  const row = await insertCharged(caller, written, { recordIn, lease: localRun?.lease }).catch((e: unknown) => {
    localRun?.release();
    throw e;
  });
  options.onInserted?.(row.id);
  const { requestId } = logContext();
  if (localRun) localRun.start({ id: row.id, run: row.run, requestId, claimed: claim ? row : undefined });
  else await enqueueCharged(caller, [row], () => db.conversion.delete({ where: { id: row.id } }));
  return row;
}

type ConversionData = Omit<Prisma.ConversionUncheckedCreateInput, 'id'>;

/**
 * Whether a run claimed by its insert may start beside that insert (`insertRunningAhead`): an
 * uploaded input, and a caller this process has not seen over its allowance today, for whom no
 * conversion is run before its refusal.
 */
const canRunAhead = (caller: Caller, data: ConversionData) =>
  data.operation !== undefined && data.options !== undefined && !data.sourceUrl && !allowanceUsedUpHereToday(caller);

/**
 * Inserts the row claimed for the run of `localRun` and starts that run at once, beside the
 * insert: the engine works while the insert makes its round trip (2–3 ms of a 100 ms conversion
 * here, bench/RESULTS.md), and the run writes and stores nothing until the row is written
 * (lib/conversions/run-conversion.ts). A refused insert stops the run, so nothing of it is left.
 * The new id is the run's already: an insert that drew one taken starts over with another.
 */
async function insertRunningAhead(
  caller: Caller,
  data: ConversionData,
  localRun: LocalRun,
  options: { onInserted?: (id: bigint) => void; claim?: boolean },
): Promise<Conversion> {
  const id = newConversionId();
  const row = { ...data, ...claimedAtInsert(), id };
  const written = insertCharged(caller, row, { lease: localRun.lease, id });
  const planned: PlannedRun = {
    id,
    attempts: row.attempts,
    operation: data.operation!,
    options: data.options as Prisma.JsonValue,
    originalFormat: data.originalFormat,
    targetFormat: data.targetFormat,
    inputKey: data.inputKey,
  };
  localRun.start({ id, requestId: logContext().requestId, claimed: { planned, written } });
  let inserted: Conversion;
  try {
    inserted = await written;
  } catch (e) {
    if (isIdCollision(e)) return insertAndRun(caller, data, options);
    if (isAppError(e) && e.code === 'quota_exceeded') noteAllowanceUsedUp(caller);
    throw e;
  }
  options.onInserted?.(id);
  return inserted;
}

/**
 * Charges the daily allowance and inserts the row, atomically (a refused insert is not charged):
 * one statement, with the run's `lease` when this process runs it (lib/jobs/local-hand-off.ts), or
 * one transaction when `recordIn` writes other rows with it. Refused with 503 while engines cannot
 * run here: the job could only fail.
 */
export async function insertCharged(
  caller: Caller,
  data: ConversionData,
  { recordIn, lease, id }: { recordIn?: RecordConversion; lease?: RunLease; id?: bigint } = {},
): Promise<Conversion> {
  const refusal = sandboxRefusal();
  if (refusal) throw new AppError('service_unavailable', refusal);
  for (let attempt = 0; ; attempt++) {
    try {
      // A given id is tried once: its taker knows the row by it already.
      const row = { ...data, id: id ?? newConversionId() };
      if (!recordIn) return await insertChargedRow(caller, row, lease);
      return await db.$transaction(async (tx) => {
        await chargeDailyAllowance(tx, caller, chargeOf(row));
        const created = await tx.conversion.create({ data: row });
        await recordIn(tx, created.id);
        return created;
      });
    } catch (e) {
      if (!isIdCollision(e) || id !== undefined || attempt >= 3) throw e;
    }
  }
}

/** One conversion's charge: its input's bytes. */
const chargeOf = (row: { inputSize: bigint | number }): Charge => ({ conversions: 1, bytes: BigInt(row.inputSize) });

/**
 * The charge, the insert and the run's lease (if any) in one statement: the row is inserted only if
 * the charge went through, and the lease only with the row.
 */
async function insertChargedRow(
  caller: Caller,
  row: Prisma.ConversionUncheckedCreateInput,
  lease: RunLease | undefined,
): Promise<Conversion> {
  const { columns, values, record } = conversionValues(row);
  const inserted = Prisma.raw('inserted');
  const leased = lease ? Prisma.sql`, leased AS (${leaseInsertedSql(inserted, lease)})` : Prisma.empty;
  const [created] = await preparedQuery<Conversion>(Prisma.sql`
    WITH charged AS (${chargeStatement(caller, chargeOf(row))}),
    ${inserted} AS (INSERT INTO conversions (${columns}) SELECT ${values} FROM ${record}, charged RETURNING ${CONVERSION_ROW})
    ${leased}
    SELECT * FROM ${inserted}`);
  if (!created) throw allowanceUsedUp(caller);
  return created;
}

/** A new conversion drew an id already taken (52 random bits: rare, retried). */
function isIdCollision(e: unknown): boolean {
  // Through a prepared statement, PostgreSQL's unique_violation (from pg).
  if (!(e instanceof Prisma.PrismaClientKnownRequestError)) return (e as { code?: unknown } | null)?.code === '23505';
  // Through Prisma's model API, P2002; through its raw statements, the same unique_violation.
  return e.code === 'P2002' || (e.code === 'P2010' && (e.meta as { code?: string } | undefined)?.code === '23505');
}
