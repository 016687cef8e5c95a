import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { sandboxRefusal } from '@/lib/engines/sandbox/sandbox-status';
import { type Conversion, Prisma } from '@/lib/generated/prisma/client';
import { allowanceSubject, type Caller, ownerOf } from '@/lib/identity/caller';
import { enqueueCharged } from '@/lib/conversions/enqueue-charged';
import { reserveLocalRun } from '@/lib/jobs/local-hand-off';
import { leaseInsertedSql, type RunLease } from '@/lib/jobs/run-leases';
import { logContext } from '@/lib/log/log-context';
import { expiresAtFor } from '@/lib/plans';
import { allowanceUsedUp, type Charge, chargeDailyAllowance, chargeStatement } from '@/lib/limits/daily-allowance';
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
  data: Omit<Prisma.ConversionUncheckedCreateInput, 'id'>,
  options: { recordIn?: RecordConversion; onInserted?: (id: bigint) => void; claim?: boolean } = {},
): Promise<Conversion> {
  const { recordIn } = options;
  const localRun = recordIn ? undefined : reserveLocalRun(allowanceSubject(caller));
  const claim = localRun !== undefined && options.claim === true;
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

/**
 * Charges the daily allowance and inserts the row, atomically (a refused insert is not charged):
 * one statement, with the run's `lease` when this process runs it (lib/jobs/local-hand-off.ts), or
 * one transaction when `recordIn` writes other rows with it. Refused with 503 while engines cannot
 * run here: the job could only fail.
 */
export async function insertCharged(
  caller: Caller,
  data: Omit<Prisma.ConversionUncheckedCreateInput, 'id'>,
  { recordIn, lease }: { recordIn?: RecordConversion; lease?: RunLease } = {},
): Promise<Conversion> {
  const refusal = sandboxRefusal();
  if (refusal) throw new AppError('service_unavailable', refusal);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = { ...data, id: newConversionId() };
      if (!recordIn) return await insertChargedRow(caller, row, lease);
      return await db.$transaction(async (tx) => {
        await chargeDailyAllowance(tx, caller, chargeOf(row));
        const created = await tx.conversion.create({ data: row });
        await recordIn(tx, created.id);
        return created;
      });
    } catch (e) {
      if (!isIdCollision(e) || attempt >= 3) throw e;
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
