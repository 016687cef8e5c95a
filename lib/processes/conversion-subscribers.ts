import { notifyBatchIfDone } from '@/lib/batches/notify-batch-completed';
import { onConversionFinished, registerInputSource, writeWithOutcome } from '@/lib/conversions/lifecycle';
import { log } from '@/lib/log/logger';
import { metrics } from '@/lib/observability/metrics';
import { fetchSource, needsFetch } from '@/lib/url-import/fetch-source';
import { relayWebhookOutbox, writeOutboxWithOutcome } from '@/lib/webhooks/webhook-outbox';

/**
 * Registers the features that take part in a conversion's run with its lifecycle. Every process
 * that runs conversions calls it at start: the worker (scripts/worker.ts, both queues) and the web
 * process (instrumentation.ts), which runs Inngest's steps when Inngest calls it. Calling it again
 * replaces the same registrations.
 */
export function registerConversionSubscribers(): void {
  registerInputSource('url-import', { needsInput: needsFetch, fetchInput: fetchSource });
  // The deliveries an outcome owes commit with it; the run then hands them to the queue at once
  // (failing that, a worker's relay does: lib/webhooks/webhook-outbox.ts).
  writeWithOutcome('webhooks', writeOutboxWithOutcome);
  // In this order: a batch's last conversion.completed goes out before its batch.completed.
  onConversionFinished('webhooks', async ({ conversion }) => {
    if (conversion.userId) await relayWebhookOutbox(); // an anonymous run owes none
  });
  onConversionFinished('batch-completion', ({ conversion }) => notifyBatchIfDone(conversion));
  // Counted where it finished, once: a skipped run (finished elsewhere, or cancelled) is not one.
  onConversionFinished('metrics', ({ outcome, engine }) => {
    metrics.conversions.inc({ engine: engine ?? 'none', outcome });
    // The line that ends a job's log; the conversion and request ids come from the log context.
    log.info({ engine: engine ?? 'none', outcome }, 'conversion finished');
  });
}
