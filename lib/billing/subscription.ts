import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { usedToday } from '@/lib/limits/daily-allowance';
import { PLANS, planInfo } from '@/lib/plans';
import { stripeConfigured } from '@/lib/billing/stripe-config';

const serializeLimits = (plan: Parameters<typeof planInfo>[0]) => {
  const { limits, ...info } = planInfo(plan);
  return {
    id: info.id,
    name: info.name,
    price_monthly_usd: info.priceMonthlyUsd,
    limits: {
      max_upload_bytes: limits.maxUploadBytes,
      files_per_batch: limits.filesPerBatch,
      retention_hours: limits.retentionHours,
      rate_limit_per_minute: limits.ratePerMinute,
      daily_conversions: limits.dailyConversions,
      team_size: limits.teamSize,
      api_access: limits.apiAccess,
    },
  };
};

/** The four plans with the limits in force (null = unlimited). */
export function listPlans() {
  return { plans: PLANS.map(serializeLimits), billing_enabled: stripeConfigured() };
}

/** The caller's plan, billing status, today's usage and the limits in force. */
export async function getSubscription(caller: Caller & { userId: string }) {
  const user = await db.user.findUniqueOrThrow({ where: { id: caller.userId } });
  return {
    plan: user.plan,
    status: user.plan === 'free' ? 'free' : (user.subscriptionStatus ?? 'active'),
    current_period_end: user.currentPeriodEnd?.toISOString() ?? null,
    usage: { conversions_today: await usedToday(db, caller) },
    limits: serializeLimits(user.plan).limits,
  };
}
