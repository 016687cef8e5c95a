import { config } from '@/lib/config';
import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';
import { inngest } from '@/inngest/client';

/** Queues the conversion job: on Inngest when configured, else on the embedded queue. */
export async function enqueueConversion(conversionId: bigint): Promise<void> {
  const data = { conversionId: String(conversionId) };
  if (config.inngestEnabled) {
    // The event id makes a re-send of the same conversion a no-op on Inngest's side.
    await inngest.send({ id: `conversion-${data.conversionId}`, name: 'transmute/conversion.requested', data });
    return;
  }
  const boss = await embeddedQueue();
  await boss.send(QUEUES.runConversion, data, { singletonKey: data.conversionId });
}
