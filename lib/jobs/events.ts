import { eventType } from 'inngest';
import { z } from 'zod';
import { parseConversionId } from '@/lib/domain/conversion-id';
import { WEBHOOK_EVENTS } from '@/lib/domain/webhook-rules';
import type { Conversion } from '@/lib/generated/prisma/client';

// The one job message: "run this conversion". Both queues carry it (the Inngest event's data,
// the pg-boss job's data) and both parse it with this schema; a payload that fails can never
// succeed, so it is dropped without a retry (Inngest's EventValidationError is non-retriable).

export const ConversionRequestedData = z.object({
  conversionId: z.string().refine((s) => parseConversionId(s) !== null, 'must be a conversion id'),
  /** The conversion's run (0 first, +1 per retry); absent in messages queued before runs existed. */
  run: z.number().int().nonnegative().optional(),
  /** Whom it runs for (an account, team owner or guest address): Inngest's concurrency key. */
  subject: z.string().min(1).optional(),
  /** The id of the request that asked for it, so the job's log lines lead back to that request. */
  requestId: z.string().min(1).max(128).optional(),
});
export type ConversionRequestedData = z.infer<typeof ConversionRequestedData>;

/** The Inngest event (also the trigger of inngest/functions/convert-file.ts). */
export const conversionRequested = eventType('transmute/conversion.requested', { schema: ConversionRequestedData });

export const conversionRequestedData = (
  conversionId: bigint,
  run: number,
  subject: string,
  requestId?: string,
): ConversionRequestedData =>
  ConversionRequestedData.parse({ conversionId: String(conversionId), run, subject, requestId });

/** What a run reads of its row before it writes anything (lib/conversions/run-conversion.ts). */
export type PlannedRun = Pick<
  Conversion,
  'id' | 'attempts' | 'operation' | 'options' | 'originalFormat' | 'targetFormat' | 'inputKey'
>;

/**
 * A run that starts beside its row's insert, claimed by it (lib/conversions/create-conversion.ts
 * `insertAndRun`): the row as it is being written, and the insert.
 */
export type RunAhead = { planned: PlannedRun; written: Promise<Conversion> };

/**
 * A job message as a worker runs it; `claimed`: the row, when it was written already claimed for
 * this process's own run, or the run ahead of that write (both lib/conversions/create-conversion.ts
 * `insertAndRun`).
 */
export type ConversionRequest = { id: bigint; run?: number; requestId?: string; claimed?: Conversion | RunAhead };

/** The conversion (and run) a job payload names, or null for a payload that is not one. */
export function parseConversionRequested(data: unknown): ConversionRequest | null {
  const parsed = ConversionRequestedData.safeParse(data);
  const id = parsed.success ? parseConversionId(parsed.data.conversionId) : null;
  return id === null ? null : { id, run: parsed.data?.run, requestId: parsed.data?.requestId };
}

// The second job: "deliver this event to this webhook". The body is fixed when the event fires, so
// every attempt sends the same bytes under the same `webhook-id` (messageId).

export const WebhookDeliveryData = z.object({
  webhookId: z.string().min(1),
  messageId: z.string().min(1),
  event: z.enum(WEBHOOK_EVENTS),
  body: z.string(),
});
export type WebhookDeliveryData = z.infer<typeof WebhookDeliveryData>;

/** The Inngest event (also the trigger of inngest/functions/deliver-webhook.ts). */
export const webhookDeliveryRequested = eventType('transmute/webhook.delivery.requested', {
  schema: WebhookDeliveryData,
});

/** The delivery a job payload names, or null for a payload that is not one. */
export function parseWebhookDelivery(data: unknown): WebhookDeliveryData | null {
  const parsed = WebhookDeliveryData.safeParse(data);
  return parsed.success ? parsed.data : null;
}
