import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { embeddedQueue, QUEUE_SCHEMA, QUEUES } from '@/lib/jobs/embedded-queue';

/**
 * Removes every conversion job left in the embedded queue. Test files that upload without running
 * a worker leave their jobs queued; a file that starts a worker calls this first, so its worker
 * runs only its own jobs.
 */
export async function emptyConversionQueue(): Promise<void> {
  const boss = await embeddedQueue();
  await boss.deleteAllJobs(QUEUES.runConversion);
}

/** A hold on sending jobs to one queue (`holdQueueSends`). */
export type QueueSendHold = {
  /** The connections whose statement sending a job to the queue waits on the hold. */
  sendsWaiting: () => Promise<number[]>;
  /** Ends every connection waiting on the hold, as a database that went away does: what they asked is never done. */
  dropWaiting: () => Promise<void>;
  /** Lets the queue go; the waiting statements, if still there, then run. */
  release: () => Promise<void>;
};

/**
 * Holds `queue`'s row in the queue's own table from the test's connection (FOR UPDATE): a job sent
 * to it checks its foreign key to that row when it commits, so the send waits until the hold is
 * released, while the queue's other work (taking, finishing, other queues' jobs) goes on. So a test
 * can stop a process at the moment it sends a job, and cut it off there.
 */
export async function holdQueueSends(queue: string): Promise<QueueSendHold> {
  const schema = Prisma.raw(QUEUE_SCHEMA);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: (pid: number) => void;
  const holder = new Promise<number>((resolve) => (holding = resolve));
  const transaction = db.$transaction(
    async (tx) => {
      // Held for as long as the test needs: the pool's bounds on idle transactions and lock waits are lifted.
      await tx.$executeRaw`SET LOCAL idle_in_transaction_session_timeout = 0`;
      await tx.$executeRaw`SET LOCAL lock_timeout = 0`;
      await tx.$queryRaw`SELECT name FROM ${schema}.queue WHERE name = ${queue} FOR UPDATE`;
      const [{ pid }] = await tx.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`;
      holding(pid);
      await released;
    },
    { timeout: 10 * 60_000 },
  );
  const pid = await Promise.race([holder, transaction.then(() => Promise.reject(new Error('hold ended early')))]);
  return {
    sendsWaiting: async () =>
      (
        await db.$queryRaw<Array<{ pid: number }>>`
          SELECT pid FROM pg_stat_activity
          WHERE ${pid}::int = ANY (pg_blocking_pids(pid)) AND query LIKE ${`%INSERT INTO ${QUEUE_SCHEMA}.%'${queue}' as name%`}`
      ).map((r) => r.pid),
    dropWaiting: async () => {
      await db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${pid}::int = ANY (pg_blocking_pids(pid))`;
    },
    release: async () => {
      release();
      await transaction;
    },
  };
}
