import { AppError } from '@/lib/errors';
import type { Caller } from '@/lib/identity/caller';
import { limitsFor } from '@/lib/plans';
import { receiveMultipart } from '@/lib/uploads/direct/receive-multipart';
import { createConversion } from '@/lib/conversions/create-conversion';
import { parseOptionsText } from '@/lib/conversions/convert-options';
import { storage } from '@/lib/storage';
import { phaseTimer } from '@/lib/system/phase-timings';

/**
 * POST /convert/upload: stream the `file` part to storage (cut at the plan limit), then convert with
 * `options`. `checkFields` checks an endpoint's own form fields with the others: a refusal keeps nothing.
 * `onInserted` and `claim` are createConversion's.
 */
export async function convertUpload({
  caller,
  request,
  checkFields,
  onInserted,
  claim,
}: {
  caller: Caller;
  request: Request;
  checkFields?: (fields: Record<string, string>) => void;
  onInserted?: (id: bigint) => void;
  claim?: boolean;
}) {
  const timer = phaseTimer('upload');
  const { fields, file } = await receiveMultipart(request, limitsFor(caller.plan).maxUploadBytes);
  timer.mark('receive');
  if (!file) throw new AppError('missing_file', 'No file uploaded: send it in the "file" part');
  let convertOptions: Record<string, unknown> | undefined;
  try {
    if (!fields.target_format) throw new AppError('validation_failed', 'Missing "target_format"');
    convertOptions = parseOptionsText(fields.options);
    checkFields?.(fields);
  } catch (e) {
    await storage().delete(file.key);
    throw e;
  }
  try {
    return await createConversion({
      caller,
      input: file,
      targetFormat: fields.target_format,
      convertOptions,
      timer,
      onInserted,
      claim,
    });
  } finally {
    timer.end();
  }
}
