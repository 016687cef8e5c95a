import type { Plan } from '@/lib/generated/prisma/enums';

// Every plan limit, in one place. Numbers are the defaults of SPEC.md's Limits table (and the
// issue's daily allowances and rate limits); a self-hoster overrides each with an environment
// variable `PLAN_<PLAN>_<LIMIT>` ("unlimited" or a number), listed in the README.

const MB = 1_000_000;

export type PlanLimits = {
  /** Maximum upload size in bytes; null = unlimited. */
  maxUploadBytes: number | null;
  filesPerBatch: number | null;
  retentionHours: number;
  /** Requests per minute; null = unlimited. */
  ratePerMinute: number | null;
  /** Conversions per UTC day; null = unlimited. */
  dailyConversions: number | null;
  /** Team size including the owner; 0 = no team. */
  teamSize: number;
  /** Whether API keys may be created and used. */
  apiAccess: boolean;
};

export type PlanInfo = { id: Plan; name: string; priceMonthlyUsd: number; limits: PlanLimits };

const defaults: Record<Plan, { name: string; priceMonthlyUsd: number; limits: PlanLimits }> = {
  free: { name: 'Free', priceMonthlyUsd: 0, limits: { maxUploadBytes: 50 * MB, filesPerBatch: 1, retentionHours: 24, ratePerMinute: 60, dailyConversions: 25, teamSize: 0, apiAccess: false } },
  starter: { name: 'Starter', priceMonthlyUsd: 9, limits: { maxUploadBytes: 200 * MB, filesPerBatch: 5, retentionHours: 168, ratePerMinute: 5000, dailyConversions: 1000, teamSize: 0, apiAccess: true } },
  pro: { name: 'Pro', priceMonthlyUsd: 29, limits: { maxUploadBytes: 1000 * MB, filesPerBatch: 10, retentionHours: 168, ratePerMinute: 5000, dailyConversions: 5000, teamSize: 3, apiAccess: true } },
  business: { name: 'Business', priceMonthlyUsd: 99, limits: { maxUploadBytes: null, filesPerBatch: 50, retentionHours: 168, ratePerMinute: null, dailyConversions: null, teamSize: 10, apiAccess: true } },
};

const ENV_NAMES: Record<keyof PlanLimits, string> = {
  maxUploadBytes: 'MAX_UPLOAD_BYTES',
  filesPerBatch: 'FILES_PER_BATCH',
  retentionHours: 'RETENTION_HOURS',
  ratePerMinute: 'RATE_PER_MINUTE',
  dailyConversions: 'DAILY_CONVERSIONS',
  teamSize: 'TEAM_SIZE',
  apiAccess: 'API_ACCESS',
};

function override<T extends number | null | boolean>(plan: Plan, limit: keyof PlanLimits, fallback: T): T {
  const raw = process.env[`PLAN_${plan.toUpperCase()}_${ENV_NAMES[limit]}`];
  if (raw === undefined || raw === '') return fallback;
  if (typeof fallback === 'boolean') return (raw === 'true') as T;
  if (raw === 'unlimited') return null as T;
  const n = Number(raw);
  return (Number.isFinite(n) && n >= 0 ? n : fallback) as T;
}

/** The limits in force for a plan (defaults with the environment's overrides). */
export function limitsFor(plan: Plan): PlanLimits {
  const d = defaults[plan].limits;
  const limits = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, override(plan, k as keyof PlanLimits, v)])) as PlanLimits;
  limits.retentionHours ??= 24 * 365 * 100;
  limits.teamSize ??= Number.MAX_SAFE_INTEGER;
  return limits;
}

export const retentionMs = (plan: Plan) => limitsFor(plan).retentionHours * 3_600_000;

export const PLANS: readonly Plan[] = ['free', 'starter', 'pro', 'business'];

export const isPaidPlan = (plan: Plan) => plan !== 'free';

export function planInfo(plan: Plan): PlanInfo {
  return { id: plan, name: defaults[plan].name, priceMonthlyUsd: defaults[plan].priceMonthlyUsd, limits: limitsFor(plan) };
}
