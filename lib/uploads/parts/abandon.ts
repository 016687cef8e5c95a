import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import type { UploadProtocol } from '@/lib/generated/prisma/enums';
import { getUploadOrThrow } from '@/lib/uploads/get-upload-or-throw';
import { discardTusUpload, tusStore } from '@/lib/uploads/tus/store';
import { log } from '@/lib/log/logger';

type Removable = {
  token: string;
  protocol: UploadProtocol;
  storageKey: string;
  storageUploadId: string;
  conversionId: bigint | null;
};

/** Drops an upload: its bytes (unless they became a conversion's input), its records, then its row. */
export async function removeUpload(upload: Removable) {
  if (upload.protocol === 'tus') {
    if (upload.conversionId === null) await discardTusUpload(upload.storageKey);
    else
      await tusStore()
        .removeMetadata(upload.storageKey)
        .catch(() => {});
  } else if (upload.conversionId === null) {
    try {
      await storage().abortMultipart(upload.storageKey, upload.storageUploadId);
    } catch (e) {
      log.error({ err: e }, '[uploads] aborting a multipart object failed');
    }
  }
  await db.upload.deleteMany({ where: { token: upload.token } });
}

/** DELETE /uploads/{token}: abandons the upload; its token then answers 404. */
export async function abandonUpload(caller: Caller, token: string) {
  await removeUpload(await getUploadOrThrow(caller, token));
  return { deleted: true as const };
}

/** The retention sweep's part: uploads past their expiry, completed or not. Returns how many. */
export async function purgeExpiredUploads(now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.upload.findMany({
      where: { expiresAt: { lte: now } },
      select: { token: true, protocol: true, storageKey: true, storageUploadId: true, conversionId: true },
      take: 200,
    });
    if (batch.length === 0) return removed;
    for (const upload of batch) await removeUpload(upload);
    removed += batch.length;
  }
}
