import type { z } from 'zod';
import type { Webhook as WebhookRow, WebhookDelivery as DeliveryRow } from '@/lib/generated/prisma/client';
import type { Webhook, WebhookDelivery } from '@/lib/schemas/webhooks';
import type { WebhookEvent } from '@/lib/domain/webhook-rules';

export const serializeWebhook = (row: WebhookRow) =>
  ({
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    created_at: row.createdAt.toISOString(),
  }) satisfies z.input<typeof Webhook>;

export const serializeDelivery = (row: DeliveryRow) =>
  ({
    id: row.id,
    event: row.event as WebhookEvent,
    attempt: row.attempt,
    status_code: row.statusCode,
    success: row.success,
    error: row.error,
    location: row.location,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  }) satisfies z.input<typeof WebhookDelivery>;
