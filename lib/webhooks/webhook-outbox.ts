import { NOW_UTC } from '@/lib/conversions/conversion-row-sql';
import type { OutcomeWrite } from '@/lib/conversions/lifecycle';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { db } from '@/lib/db';
import { OUTBOX_RELAY_INTERVAL_MS, type WebhookEvent } from '@/lib/domain/webhook-rules';
import { Prisma } from '@/lib/generated/prisma/client';
import { enqueueWebhookDelivery } from '@/lib/jobs/enqueue';
import { log } from '@/lib/log/logger';
import { newMessageId, webhookBody } from '@/lib/webhooks/notify-webhooks';

// A conversion's `conversion.completed` / `conversion.failed` deliveries are owed rows (the outbox,
// table webhook_outbox) written by the statement that records the outcome, then handed to the
// delivery queue (lib/jobs/enqueue.ts) by a relay. Queuing them straight after the commit lost them
// whenever the database or the queue went away in between; a row cannot be lost that way, and
// whichever relay runs next (this process's, after the run, or a worker's, every few seconds) hands
// it over.

/** Rows handed over per transaction. */
const RELAY_BATCH = 50;
/** Bound of one hand-over transaction (queuing a batch takes milliseconds when the database answers). */
const RELAY_TRANSACTION_MS = 30_000;

/**
 * The deliveries an outcome owes, written with it: one row per webhook of the owner that takes the
 * event, all under one message id (an anonymous conversion's row has no owner, so none).
 */
export const writeOutboxWithOutcome: OutcomeWrite = (outcome, finished) => {
  const event: WebhookEvent = `conversion.${outcome}`;
  return Prisma.sql`
    INSERT INTO webhook_outbox (webhook_id, message_id, event, conversion_id, created_at)
    SELECT w.id, ${newMessageId()}::text, ${event}::text, f.id, ${NOW_UTC}
    FROM ${finished} f JOIN webhooks w ON w.user_id = f.user_id AND ${event}::text = ANY (w.events)`;
};

type OwedDelivery = {
  id: bigint;
  webhookId: string;
  messageId: string;
  event: WebhookEvent;
  conversionId: bigint;
  createdAt: Date;
};

/**
 * Hands every owed delivery to the delivery queue, oldest first, removing each row in the
 * transaction that holds it (FOR UPDATE SKIP LOCKED): relays running at once in several processes
 * never hand one row over twice, and a row whose hand-over failed stays for the next relay. Returns
 * how many were handed over; throws when the database or the queue cannot be reached.
 */
export async function relayWebhookOutbox(): Promise<number> {
  // Most runs owe nothing: one read of the (usually empty) table instead of a transaction.
  if (!(await db.webhookOutbox.findFirst({ select: { id: true } }))) return 0;
  let handed = 0;
  for (;;) {
    const n = await relayBatch();
    handed += n;
    if (n < RELAY_BATCH) return handed;
  }
}

function relayBatch(): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const owed = await tx.$queryRaw<OwedDelivery[]>`
        SELECT id, webhook_id AS "webhookId", message_id AS "messageId", event, conversion_id AS "conversionId",
          created_at AS "createdAt"
        FROM webhook_outbox ORDER BY id LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`;
      if (owed.length === 0) return 0;
      // The conversion as it is now, finished (its deletion waits for the rows held here).
      const conversions = await tx.conversion.findMany({ where: { id: { in: owed.map((o) => o.conversionId) } } });
      const byId = new Map(conversions.map((c) => [c.id, c]));
      for (const o of owed) {
        const conversion = byId.get(o.conversionId);
        if (!conversion) continue;
        const data = { conversion: serializeConversion(conversion) };
        await enqueueWebhookDelivery({
          webhookId: o.webhookId,
          messageId: o.messageId,
          event: o.event,
          body: webhookBody(o.event, data, o.createdAt),
        });
      }
      await tx.webhookOutbox.deleteMany({ where: { id: { in: owed.map((o) => o.id) } } });
      return owed.length;
    },
    { timeout: RELAY_TRANSACTION_MS },
  );
}

/**
 * A worker's relay: at start, then every OUTBOX_RELAY_INTERVAL_MS, so the deliveries an outage kept
 * from the queue go out once it ends (the process that recorded them may be gone). Returns its stop.
 */
export function startWebhookRelay(): () => void {
  let running: Promise<void> | undefined;
  const pass = () => {
    running ??= relayWebhookOutbox()
      .then((n) => {
        if (n > 0) log.info({ handed: n }, 'owed webhook deliveries queued');
      })
      .catch((err: unknown) => log.warn({ err }, 'owed webhook deliveries not queued yet'))
      .finally(() => (running = undefined));
  };
  pass();
  const timer = setInterval(pass, OUTBOX_RELAY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
