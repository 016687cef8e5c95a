import type { z } from 'zod';
import { db } from '@/lib/db';
import type { AccountCaller } from '@/lib/identity/caller';
import { usedToday } from '@/lib/limits/daily-allowance';
import { PLANS, type PlanId, planInfo } from '@/lib/plans';
import { stripeConfigured } from '@/lib/billing/stripe-config';
import { type SubscriptionStatus, storedStatus } from '@/lib/billing/subscription-status';
import type { PlanEntry, PlanList, Subscription } from '@/lib/schemas/subscriptions';

const serializePlan = (plan: PlanId) => {
  const { limits, ...info } = planInfo(plan);
  return {
    id: info.id,
    name: info.name,
    price_monthly_usd: info.priceMonthlyUsd,
    limits: {
      max_upload_bytes: limits.maxUploadBytes,
      files_per_batch: limits.filesPerBatch,
      merge_files: limits.mergeFiles,
      retention_hours: limits.retentionHours,
      rate_limit_per_minute: limits.ratePerMinute,
      daily_conversions: limits.dailyConversions,
      team_size: limits.teamSize,
      api_access: limits.apiAccess,
    },
  } satisfies z.input<typeof PlanEntry>;
};

/** The four plans with the limits in force (null = unlimited). */
export function listPlans() {
  return { plans: PLANS.map(serializePlan), billing_enabled: stripeConfigured() } satisfies z.input<typeof PlanList>;
}

/** The caller's plan, billing status, today's usage and the limits in force. */
export async function getSubscription(caller: AccountCaller) {
  const user = await db.user.findUniqueOrThrow({ where: { id: caller.userId } });
  // A team member acts on the team's plan (caller.plan, lib/identity/account-plan.ts), not their own.
  const throughTeam = caller.plan !== user.plan;
  const status: SubscriptionStatus = throughTeam
    ? 'team'
    : user.plan === 'free'
      ? 'free'
      : (storedStatus(user.subscriptionStatus) ?? 'active');
  return {
    plan: caller.plan,
    status,
    current_period_end: throughTeam ? null : (user.currentPeriodEnd?.toISOString() ?? null),
    usage: { conversions_today: await usedToday(db, caller) },
    limits: serializePlan(caller.plan).limits,
  } satisfies z.input<typeof Subscription>;
}
