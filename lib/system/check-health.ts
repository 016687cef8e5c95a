import { db } from '@/lib/db';
import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';
import { config } from '@/lib/config';
import { storage } from '@/lib/storage';

type Check = 'ok' | 'error';

const withTimeout = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

async function check(fn: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(fn());
    return 'ok';
  } catch {
    return 'error';
  }
}

/** Database, storage and job queue, each checked with a short timeout. */
export async function checkHealth() {
  const [database, store, queue] = await Promise.all([
    check(() => db.$queryRaw`SELECT 1`),
    check(() => storage().check()),
    check(async () => {
      if (config.inngestEnabled) return; // Inngest is reached over HTTP when events are sent
      const boss = await embeddedQueue();
      await boss.getQueue(QUEUES.runConversion);
    }),
  ]);
  const checks = { database, storage: store, queue };
  return { status: Object.values(checks).every((c) => c === 'ok') ? ('ok' as const) : ('degraded' as const), checks };
}
