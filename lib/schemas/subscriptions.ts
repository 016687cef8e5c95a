import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { PLANS } from '@/lib/plans';
import { json } from '@/lib/schemas/common';

// Every limit is null when unlimited (lib/plans.ts), in the API as in the code.
const limit = (description = 'null = unlimited') => z.number().int().nullable().meta({ description });

export const PlanLimits = z
  .object({
    max_upload_bytes: limit(),
    files_per_batch: limit(),
    merge_files: limit('Files one merge into a single PDF takes (POST /api/v1/merge); null = unlimited'),
    retention_hours: limit('Hours a result is kept; null = until deleted'),
    rate_limit_per_minute: limit(),
    daily_conversions: limit(),
    team_size: limit('Including the owner; 0 = no team, null = unlimited'),
    api_access: z.boolean(),
  })
  .meta({ id: 'PlanLimits' });

const PlanId = z.enum(PLANS);

export const PlanEntry = z
  .object({ id: PlanId, name: z.string(), price_monthly_usd: z.number(), limits: PlanLimits })
  .meta({ id: 'Plan' });

export const PlanList = z.object({
  plans: z.array(PlanEntry),
  billing_enabled: z.boolean().meta({ description: 'false: upgrades are managed by the administrator' }),
});

export const Subscription = z
  .object({
    plan: PlanId,
    status: z.string().meta({
      description: '`free`, `team` (on the plan of your team), or the Stripe subscription status (active, past_due, …)',
    }),
    current_period_end: z.string().meta({ format: 'date-time' }).nullable(),
    usage: z.object({ conversions_today: z.number().int() }),
    limits: PlanLimits,
  })
  .meta({ id: 'Subscription' });

export const plansOp = defineOperation({
  operationId: 'listPlans',
  method: 'get',
  path: '/api/v1/subscriptions/plans',
  auth: 'open',
  responses: { 200: json(PlanList, 'Plans') },
  openapi: { tags: ['Subscriptions'], summary: 'The four plans with the limits in force' },
});

export const subscriptionOp = defineOperation({
  operationId: 'getSubscription',
  method: 'get',
  path: '/api/v1/subscriptions/me',
  auth: 'bearer',
  responses: { 200: json(Subscription, 'Subscription') },
  openapi: {
    tags: ['Subscriptions'],
    summary: 'Your plan, billing status, period end, usage today and the limits in force',
  },
});
