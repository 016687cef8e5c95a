import { AppError, isAppError } from '@/lib/errors';
import { randomToken } from '@/lib/crypto';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { type Caller, ownerOf } from '@/lib/identity/caller';
import { enqueueCharged } from '@/lib/conversions/enqueue-charged';
import { chargeDailyAllowance } from '@/lib/limits/daily-allowance';
import { expiresAtFor, limitsFor } from '@/lib/plans';
import { newStorageKey } from '@/lib/storage/keys';
import { newConversionId } from '@/lib/domain/conversion-id';
import { checkInput, type CheckedInput } from '@/lib/conversions/check-input';
import type { StoredInput } from '@/lib/conversions/stored-input';
import { cleanFileName } from '@/lib/conversions/file-names';
import { deleteInputs, receiveBatch } from '@/lib/batches/receive-batch';

/** A plan without a files-per-batch limit still stops here (one request, one transaction). */
const MAX_FILES_PER_BATCH = 1000;

/** `target_format` (or `options`) once for every file, or once per file in the files' order. */
function perFile(field: string, fileCount: number, values: string[]): string[] {
  if (values.length === 1) return Array(fileCount).fill(values[0]);
  if (values.length === fileCount) return values;
  if (values.length === 0) throw new AppError('validation_failed', `Missing "${field}"`);
  throw new AppError(
    'validation_failed',
    `Send one "${field}" for all files or one per file: got ${values.length} for ${fileCount} files`,
  );
}

/** Checks every file; the first refusal names its file, and refuses the whole batch. */
async function checkAll(files: StoredInput[], targets: string[], options: string[]): Promise<CheckedInput[]> {
  const checked: CheckedInput[] = [];
  for (const [i, file] of files.entries()) {
    try {
      checked.push(await checkInput(file, targets[i], options[i]));
    } catch (e) {
      if (!isAppError(e)) throw e;
      throw new AppError(e.code, `"${cleanFileName(file.fileName)}": ${e.message}`);
    }
  }
  return checked;
}

/** Charges the daily allowance for every file and inserts the batch and its conversions, in one transaction. */
async function insertBatch(caller: Caller, files: StoredInput[], checked: CheckedInput[]) {
  const createdAt = new Date();
  const expiresAt = expiresAtFor(caller.plan, createdAt);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const bytes = files.reduce((sum, file) => sum + BigInt(file.size), 0n);
        await chargeDailyAllowance(tx, caller, { conversions: files.length, bytes });
        const batch = await tx.batch.create({
          data: { id: randomToken(24), ...ownerOf(caller), createdAt, expiresAt },
        });
        const data = files.map((file, i) => ({
          id: newConversionId(),
          ...ownerOf(caller),
          batchId: batch.id,
          batchIndex: i,
          originalFileName: checked[i].fileName,
          originalFormat: checked[i].source,
          targetFormat: checked[i].target,
          options: checked[i].options as Prisma.InputJsonObject,
          inputKey: file.key,
          inputSize: BigInt(file.size),
          resultKey: newStorageKey('results'),
          createdAt,
          expiresAt,
        }));
        const conversions = await tx.conversion.createManyAndReturn({ data });
        return { batch, conversions: conversions.sort((a, b) => (a.batchIndex ?? 0) - (b.batchIndex ?? 0)) };
      });
    } catch (e) {
      const collision = e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
      if (!collision || attempt >= 3) throw e;
    }
  }
}

/**
 * POST /batch/upload: receives every file (413 past the plan's files per batch or upload size),
 * checks them all, then charges and inserts them together. Any refusal keeps nothing and charges
 * nothing; once inserted, each file is an ordinary conversion with its own job.
 */
export async function createBatch({ caller, request }: { caller: Caller; request: Request }) {
  const limits = limitsFor(caller.plan);
  const maxFiles = Math.min(limits.filesPerBatch ?? MAX_FILES_PER_BATCH, MAX_FILES_PER_BATCH);
  const { files, targets, options } = await receiveBatch(request, { maxFiles, maxBytes: limits.maxUploadBytes });
  let created: Awaited<ReturnType<typeof insertBatch>>;
  try {
    if (files.length === 0) throw new AppError('missing_file', 'No files uploaded: send them as "file" parts');
    const optionsPerFile = options.length === 0 ? [] : perFile('options', files.length, options);
    created = await insertBatch(
      caller,
      files,
      await checkAll(files, perFile('target_format', files.length, targets), optionsPerFile),
    );
  } catch (e) {
    await deleteInputs(files);
    throw e;
  }
  await enqueueCharged(caller, created.conversions, async () => {
    await db.batch.delete({ where: { id: created.batch.id } }).catch(() => {});
    await db.conversion.deleteMany({ where: { id: { in: created.conversions.map((c) => c.id) } } }).catch(() => {});
    await deleteInputs(files);
  });
  return created;
}
