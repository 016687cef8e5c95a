import { AppError } from '@/lib/errors';
import type { Caller } from '@/lib/identity/caller';
import { checkOptionsForTarget } from '@/lib/conversions/convert-options';
import { parseTargetFormat } from '@/lib/conversions/check-input';
import { storage } from '@/lib/storage';
import { finishUpload } from '@/lib/uploads/finish-upload';
import { missingParts } from '@/lib/domain/upload-rules';

/**
 * POST /uploads/{token}/complete: assembles the parts (no copy on either driver) and creates the
 * conversion (with `options`, from the optional JSON body); a repeat returns the same conversion. Missing parts are a 400 naming them and the
 * upload stays open.
 */
export function completeUpload(caller: Caller, token: string, convertOptions?: Record<string, unknown>) {
  return finishUpload({
    caller,
    token,
    protocol: 'parts',
    convertOptions,
    assemble: async (upload) => {
      // Options that fit no file of the target keep the upload open, like missing parts.
      checkOptionsForTarget(parseTargetFormat(upload.targetFormat), convertOptions);
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
