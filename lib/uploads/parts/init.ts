import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { type Caller, ownerOf } from '@/lib/identity/caller';
import { parseTargetFormat } from '@/lib/conversions/check-input';
import { cleanFileName } from '@/lib/conversions/file-names';
import { randomToken } from '@/lib/crypto';
import { listFormats } from '@/lib/engines/registry';
import { disabledPairMessage } from '@/lib/engines/format-policy';
import type { FormatName } from '@/lib/formats/catalog';
import { limitsFor } from '@/lib/plans';
import { storage } from '@/lib/storage';
import { newStorageKey } from '@/lib/storage/keys';
import { tooLarge } from '@/lib/uploads/too-large';
import { partLayout, UPLOAD_TTL_MS } from '@/lib/domain/upload-rules';

/** A target some engine produces (from any input); the pair itself is checked once the bytes are in. */
export function parseProducibleTarget(raw: string): FormatName {
  const target = parseTargetFormat(raw);
  if (!listFormats().some((f) => f.targets.includes(target))) {
    const disabled = disabledPairMessage(target, target);
    if (disabled) throw new AppError('unsupported_format', disabled);
    throw new AppError('unsupported_format', `No engine produces ${target}; see GET /api/v1/formats`);
  }
  return target;
}

/** The size rule shared by both resumable protocols: over the plan's limit is a 413 before any byte. */
export function assertWithinPlan(caller: Caller, fileSize: number) {
  const max = limitsFor(caller.plan).maxUploadBytes;
  if (max !== null && fileSize > max) throw tooLarge(max);
}

/** POST /uploads/init: checks size and target, opens the multipart object, records the upload. */
export async function initUpload(options: {
  caller: Caller;
  fileName: string;
  fileSize: number;
  targetFormat: string;
}) {
  const { caller, fileSize } = options;
  assertWithinPlan(caller, fileSize);
  const targetFormat = parseProducibleTarget(options.targetFormat);
  const { partSize, partCount } = partLayout(fileSize);
  const storageKey = newStorageKey('inputs');
  const storageUploadId = await storage().createMultipart(storageKey, fileSize);
  const createdAt = new Date();
  try {
    return await db.upload.create({
      data: {
        token: randomToken(24),
        ...ownerOf(caller),
        fileName: cleanFileName(options.fileName),
        fileSize: BigInt(fileSize),
        targetFormat,
        partSize,
        partCount,
        storageKey,
        storageUploadId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + UPLOAD_TTL_MS),
      },
    });
  } catch (e) {
    await storage()
      .abortMultipart(storageKey, storageUploadId)
      .catch(() => {});
    throw e;
  }
}
