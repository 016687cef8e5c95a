import type { PgBoss } from 'pg-boss';
import { config } from '@/lib/config';
import { queueClient } from '@/lib/database/pools';
import { DATABASE_POOL_SETTINGS } from '@/lib/database/wait-bounds';
import { shutdownDeadlineMs } from '@/lib/runtime/process-shutdown';
import { conversionJobRetries, WEBHOOK_DELIVERY_ATTEMPTS, webhookRetryDelaySeconds } from '@/lib/jobs/retries';
import { log } from '@/lib/log/logger';
import { queueListens } from '@/lib/jobs/local-wake';
import { prepareQueueStatements } from '@/lib/jobs/prepared-queue-sql';

// The embedded durable queue (pg-boss tables in our PostgreSQL), used when Inngest is not
// configured. Jobs survive restarts; a job whose worker dies stops heartbeating and is retried.
export const QUEUES = {
  runConversion: 'conversion-run',
  purgeExpired: 'conversions-purge-expired',
  deliverWebhook: 'webhook-deliver',
} as const;

/** The PostgreSQL schema of pg-boss's tables. */
export const QUEUE_SCHEMA = 'pgboss';

const globalBoss = globalThis as unknown as { boss?: Promise<PgBoss> };

export function embeddedQueue(): Promise<PgBoss> {
  globalBoss.boss ??= (async () => {
    // LISTEN/NOTIFY wakes a worker as soon as a job is sent (polling stays as the backstop), except
    // in a process that wakes its own workers (lib/jobs/local-wake.ts); the supervisor checks every
    // 10 s for jobs whose worker stopped heartbeating (a killed worker).
    // Its pool is sized by DATABASE_QUEUE_POOL_SIZE (lib/database/budget.ts).
    const boss = await queueClient({
      schema: QUEUE_SCHEMA,
      // Only the connect bound: the queue's own maintenance statements may run longer than a request's.
      connectionTimeoutMillis: DATABASE_POOL_SETTINGS.connectionTimeoutMillis,
      useListenNotify: queueListens(),
      superviseIntervalSeconds: 10,
    });
    boss.on('error', (e) => log.error({ err: e }, '[queue] error'));
    prepareQueueStatements(boss);
    await boss.start();
    const runOptions = {
      retryLimit: conversionJobRetries(),
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: Math.ceil(config.engineTimeoutMs / 1000) + 120,
      heartbeatSeconds: 10,
      notify: true,
    };
    await boss.createQueue(QUEUES.runConversion, runOptions);
    await boss.updateQueue(QUEUES.runConversion, runOptions); // databases made by an older version
    await boss.createQueue(QUEUES.purgeExpired, { retryLimit: 1 });
    // Webhook deliveries: a failed attempt throws, pg-boss retries after retryDelay · 2^n seconds.
    const webhookOptions = {
      retryLimit: WEBHOOK_DELIVERY_ATTEMPTS - 1,
      retryDelay: webhookRetryDelaySeconds(),
      retryBackoff: true,
      expireInSeconds: 60,
    };
    await boss.createQueue(QUEUES.deliverWebhook, webhookOptions);
    await boss.updateQueue(QUEUES.deliverWebhook, webhookOptions);
    return boss;
  })().catch((e) => {
    globalBoss.boss = undefined;
    throw e;
  });
  return globalBoss.boss;
}

/**
 * Stops taking jobs and waits for the ones running, up to the process's stop deadline
 * (SHUTDOWN_SECONDS); pg-boss then fails those still running so another worker retries them.
 */
export async function stopEmbeddedQueue(): Promise<void> {
  const boss = await globalBoss.boss?.catch(() => undefined);
  globalBoss.boss = undefined;
  await boss?.stop({ graceful: true, timeout: shutdownDeadlineMs() });
}
