import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { errors, json } from '@/lib/schemas/common';

const unlimited = (s: z.ZodNumber) => s.nullable().meta({ description: 'null = unlimited' });

export const PlanLimits = z
  .object({
    max_upload_bytes: unlimited(z.number().int()),
    files_per_batch: unlimited(z.number().int()),
    retention_hours: z.number(),
    rate_limit_per_minute: unlimited(z.number().int()),
    daily_conversions: unlimited(z.number().int()),
    team_size: z.number().int().meta({ description: 'Including the owner; 0 = no team' }),
    api_access: z.boolean(),
  })
  .meta({ id: 'PlanLimits' });

export const PlanEntry = z.object({ id: z.enum(['free', 'starter', 'pro', 'business']), name: z.string(), price_monthly_usd: z.number(), limits: PlanLimits }).meta({ id: 'Plan' });

export const plansOp = defineOperation({
  method: 'get',
  path: '/api/v1/subscriptions/plans',
  auth: 'open',
  openapi: { tags: ['Subscriptions'], summary: 'The four plans with the limits in force', responses: { '200': json(z.object({ plans: z.array(PlanEntry), billing_enabled: z.boolean().meta({ description: 'false: upgrades are managed by the administrator' }) }), 'Plans'), ...errors(429) } },
});

export const subscriptionOp = defineOperation({
  method: 'get',
  path: '/api/v1/subscriptions/me',
  auth: 'bearer',
  openapi: {
    tags: ['Subscriptions'],
    summary: 'Your plan, billing status, period end, usage today and the limits in force',
    responses: {
      '200': json(
        z.object({
          plan: PlanEntry.shape.id,
          status: z.string().meta({ description: '`free`, or the Stripe subscription status (active, past_due, …)' }),
          current_period_end: z.string().meta({ format: 'date-time' }).nullable(),
          usage: z.object({ conversions_today: z.number().int() }),
          limits: PlanLimits,
        }).meta({ id: 'Subscription' }),
        'Subscription',
      ),
      ...errors(401, 403, 429),
    },
  },
});
