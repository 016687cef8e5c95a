import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { errors, json, text } from '@/lib/schemas/common';
import { WEBHOOK_DELIVERY_ATTEMPTS } from '@/lib/jobs/retries';
import { DELIVERIES_LISTED, DELIVERY_LOG_DAYS, MAX_WEBHOOKS, WEBHOOK_EVENTS } from '@/lib/domain/webhook-rules';

const tags = ['Webhooks'];
const dateTime = z.string().meta({ format: 'date-time' });
const WebhookEventName = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEvent' });

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string().meta({ format: 'uri' }),
    events: z.array(WebhookEventName),
    created_at: dateTime,
  })
  .meta({ id: 'Webhook' });

const WebhookCreated = Webhook.extend({
  secret: z.string().meta({
    description:
      'Shown once: `whsec_` + base64 of 32 random bytes. Verify deliveries with any Standard Webhooks library',
  }),
}).meta({ id: 'WebhookCreated' });

export const WebhookDelivery = z
  .object({
    id: z.string(),
    event: WebhookEventName,
    attempt: z.number().int().min(1).max(WEBHOOK_DELIVERY_ATTEMPTS),
    status_code: z.number().int().nullable().meta({ description: 'null when no answer came (refused, timeout)' }),
    success: z.boolean(),
    error: z.string().nullable(),
    location: z
      .string()
      .nullable()
      .meta({
        description:
          'The `Location` of a 3xx answer (made absolute). Deliveries never follow redirects: the attempt fails, ' +
          'and this says where the receiver moved, so the webhook can be registered at that address',
      }),
    duration_ms: z.number().int().min(0),
    created_at: dateTime,
  })
  .meta({ id: 'WebhookDelivery' });

const WebhookIdParams = z.object({
  id: text()
    .min(1)
    .max(64)
    .meta({ param: { description: 'Webhook id' } }),
});

const delivery = [
  'Deliveries follow Standard Webhooks: `POST` with headers `webhook-id` (the same on every retry of one event),',
  '`webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with',
  "the secret's decoded bytes; body `{type, timestamp, data}` where `data` is `{conversion}` for",
  '`conversion.completed`/`conversion.failed` and the batch status for `batch.completed`. Redirects are not',
  `followed; a non-2xx or no answer in 10 s is retried with exponential backoff, ${WEBHOOK_DELIVERY_ATTEMPTS} attempts in all.`,
].join(' ');

export const createWebhookOp = defineOperation({
  operationId: 'createWebhook',
  method: 'post',
  path: '/api/v1/webhooks-mgmt',
  auth: 'bearer',
  body: z.strictObject({
    url: text()
      .max(2048)
      .meta({ format: 'uri', description: 'A public http(s) URL', example: 'https://example.com/hooks/transmute' }),
    events: z.array(WebhookEventName).min(1).optional().meta({ description: 'Default: every event' }),
  }),
  responses: { 200: json(WebhookCreated, 'The webhook, with its secret (shown once)') },
  openapi: {
    tags,
    summary: 'Register a webhook',
    description: `A destination that is not public (as for URL import) is refused with 400. At most ${MAX_WEBHOOKS} per account (409). ${delivery}`,
    responses: errors(409),
  },
});

export const listWebhooksOp = defineOperation({
  operationId: 'listWebhooks',
  method: 'get',
  path: '/api/v1/webhooks-mgmt',
  auth: 'bearer',
  responses: { 200: json(z.object({ webhooks: z.array(Webhook) }), 'Your webhooks, newest first (no secrets)') },
  openapi: { tags, summary: 'List your webhooks' },
});

export const deleteWebhookOp = defineOperation({
  operationId: 'deleteWebhook',
  method: 'delete',
  path: '/api/v1/webhooks-mgmt/{id}',
  auth: 'bearer',
  params: WebhookIdParams,
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted, with its delivery log') },
  openapi: { tags, summary: 'Delete a webhook' },
});

export const webhookDeliveriesOp = defineOperation({
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: '/api/v1/webhooks-mgmt/{id}/deliveries',
  auth: 'bearer',
  params: WebhookIdParams,
  responses: {
    200: json(
      z.object({ deliveries: z.array(WebhookDelivery) }),
      `Delivery attempts, newest first, the last ${DELIVERIES_LISTED}; attempts are kept ${DELIVERY_LOG_DAYS} days`,
    ),
  },
  openapi: { tags, summary: 'Recent delivery attempts' },
});

export const webhookOperations = [createWebhookOp, listWebhooksOp, deleteWebhookOp, webhookDeliveriesOp];
