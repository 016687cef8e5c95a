import { AppError } from '@/lib/errors';
import type { Caller } from '@/lib/identity/caller';
import { convertUpload } from '@/lib/uploads/direct/convert-upload';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { openResult, openStoredResult } from '@/lib/conversions/open-result';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { isTerminal } from '@/lib/domain/conversion-status';
import { parseWait } from '@/lib/domain/wait-bound';
import { type ConversionWatch, conversionWatcher } from '@/lib/conversions/wait-for-conversion';
import type { StoredResult } from '@/lib/conversions/conversion-events';

/**
 * Receives the file and creates its conversion as POST /convert/upload does, with `wait` from the
 * query or the form (not both). A `wait` in the query is checked before any byte is read; one in
 * the form with the other fields, so a bad one keeps nothing either. The conversion is watched from
 * before its job is queued, so its end cannot come unheard (`awaitResult` reads no status first).
 */
export async function startConversion({ caller, request, wait }: { caller: Caller; request: Request; wait?: string }) {
  let waitMs = parseWait(wait);
  const watchConversion = await conversionWatcher();
  let watch: ConversionWatch | undefined;
  try {
    const row = await convertUpload({
      caller,
      request,
      checkFields: (fields) => {
        if (fields.wait === undefined) return;
        if (wait !== undefined) throw new AppError('validation_failed', 'Send "wait" once: in the query or the form');
        waitMs = parseWait(fields.wait);
      },
      onInserted: (id) => (watch = watchConversion(id)),
      // The answer is the result (or the Conversion as read after the wait), never the row as created.
      claim: true,
    });
    return { id: row.id, row, waitMs, watch: watch! };
  } catch (e) {
    watch?.stop();
    throw e;
  }
}

/**
 * The conversion's end within `waitMs`, heard through `watch` (stopped here): its result to send,
 * or (still running) the Conversion as it is now. A failed conversion throws `conversion_failed`
 * with its reason, a cancelled one `invalid_state`; both name the conversion in `X-Conversion-Id`.
 * A completion heard says what it stored, so the result is sent from `row` as created, unread.
 */
export async function awaitResult(
  caller: Caller,
  { id, row, waitMs, watch }: Awaited<ReturnType<typeof startConversion>>,
  signal?: AbortSignal,
) {
  let end: { status: string; error?: string | null; result?: StoredResult } | null;
  try {
    end = await watch.ended(waitMs, signal);
  } finally {
    watch.stop();
  }
  if (!end) {
    const now = await getConversionOrThrow(caller, id);
    if (!isTerminal(now.status)) return { done: false as const, running: serializeConversion(now) };
    end = now; // it ended between the wait and this read
  }
  const headers = { 'X-Conversion-Id': String(id) };
  if (end.status === 'completed') {
    const result = end.result ? await openStoredResult(row, end.result) : await openResult(caller, id);
    return { done: true as const, result };
  }
  if (end.status === 'failed') {
    throw new AppError('conversion_failed', end.error || 'The file could not be converted', { headers });
  }
  throw new AppError('invalid_state', 'The conversion was cancelled before it ended', { headers });
}
