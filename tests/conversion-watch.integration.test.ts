import { describe, expect, it } from 'vitest';
import { type ConversionEvent, publishConversionEvent } from '@/lib/conversions/conversion-events';
import { conversionWatcher } from '@/lib/conversions/wait-for-conversion';
import { newConversionId } from '@/lib/domain/conversion-id';
import { waitFor } from '@/tests/support/wait-for';

// The one-request convert watches its conversion from before the job is queued and then waits with
// no read of the row: so an end heard before the wait begins must be kept for it, and only an end
// counts. The events go over PostgreSQL's NOTIFY, as the worker sends them.

/** Publishes `events` of a conversion and returns once the process has heard the last one. */
async function publishAndHear(id: bigint, events: Omit<ConversionEvent, 'id'>[]) {
  const watch = (await conversionWatcher())(id);
  const marker = { status: 'failed', progress: 0, error: 'marker' } as const;
  const markerId = newConversionId();
  const markerWatch = (await conversionWatcher())(markerId);
  for (const e of events) await publishConversionEvent({ id: String(id), ...e });
  // NOTIFY arrives in commit order: once the marker sent after them is heard, so are they.
  await publishConversionEvent({ id: String(markerId), ...marker });
  await waitFor(() => markerWatch.ended(0), Boolean);
  markerWatch.stop();
  return watch;
}

describe('watching a conversion from before its job is queued', () => {
  it('keeps an end heard before the wait begins, and the wait returns it at once', async () => {
    const id = newConversionId();
    const watch = await publishAndHear(id, [
      { status: 'processing', progress: 0 },
      { status: 'completed', progress: 100 },
    ]);
    // The end came before anyone waited: a wait of any length returns it, none is needed.
    expect(await watch.ended(0)).toMatchObject({ id: String(id), status: 'completed' });
    watch.stop();
  });

  it('does not take progress for an end, and says "still running" when none came', async () => {
    const id = newConversionId();
    const watch = await publishAndHear(id, [{ status: 'processing', progress: 40 }]);
    expect(await watch.ended(0)).toBeNull();
    const aborted = AbortSignal.abort();
    expect(await watch.ended(60_000, aborted)).toBeNull();
    watch.stop();
  });

  it('hears an end that comes while it waits', async () => {
    const id = newConversionId();
    const watch = (await conversionWatcher())(id);
    const ended = watch.ended(120_000);
    await publishConversionEvent({ id: String(id), status: 'failed', progress: 10, error: 'engine failed' });
    expect(await ended).toMatchObject({ status: 'failed', error: 'engine failed' });
    watch.stop();
  });
});
