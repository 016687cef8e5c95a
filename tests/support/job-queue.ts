import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';

/**
 * Removes every conversion job left in the embedded queue. Test files that upload without running
 * a worker leave their jobs queued; a file that starts a worker calls this first, so its worker
 * runs only its own jobs.
 */
export async function emptyConversionQueue(): Promise<void> {
  const boss = await embeddedQueue();
  await boss.deleteAllJobs(QUEUES.runConversion);
}
