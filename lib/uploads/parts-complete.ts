import { AppError } from '@/lib/api/errors';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { finishUpload } from '@/lib/uploads/finish-upload';
import { missingParts } from '@/lib/uploads/upload-rules';

/**
 * POST /uploads/{token}/complete: assembles the parts (no copy on either driver) and creates the
 * conversion; a repeat returns the same conversion. Missing parts are a 400 naming them and the
 * upload stays open.
 */
export function completeUpload(caller: Caller, token: string) {
  return finishUpload({
    caller,
    token,
    protocol: 'parts',
    assemble: async (upload) => {
      const missing = missingParts(
        upload.partCount,
        upload.parts.map((p) => p.number),
      );
      if (missing.length > 0) throw missingPartsError(missing);
      await storage().completeMultipart(upload.storageKey, upload.storageUploadId, upload.parts);
    },
  });
}

function missingPartsError(missing: number[]): AppError {
  const shown = missing.slice(0, 50).join(', ');
  const more = missing.length > 50 ? ` and ${missing.length - 50} more` : '';
  return new AppError('bad_request', `Missing parts: ${shown}${more}; send them, then complete again`);
}
