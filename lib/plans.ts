import type { Plan } from '@/lib/generated/prisma/enums';

// The plans and every plan limit, in one place. Browser code imports this module too (plan names,
// the order of the pricing cards), so it never imports the database. Numbers are the defaults of
// SPEC.md's Limits table (and the daily allowances and rate limits); a self-hoster
// overrides each with an environment variable `PLAN_<PLAN>_<LIMIT>` ("unlimited" or a number).

/** Every plan, cheapest first: the order of listings and pricing cards. */
export const PLANS = ['free', 'starter', 'pro', 'business'] as const;
export type PlanId = (typeof PLANS)[number];

/** The plans a subscription buys. */
export const PAID_PLANS = ['starter', 'pro', 'business'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLANS)[number];

/** Whether a dearer plan exists than `plan` (the dashboard then offers an upgrade). */
export const hasHigherPlan = (plan: PlanId) => PLANS.indexOf(plan) < PLANS.length - 1;

export const PLAN_NAMES: Record<PlanId, string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  business: 'Business',
};

// Compile-time check: the database's `Plan` enum (prisma/schema.prisma) lists exactly PLANS.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** @public A check the compiler makes; nothing reads it. */
export const PLANS_MATCH_DATABASE_ENUM: Same<PlanId, Plan> = true;

const MB = 1_000_000;

/** A plan's limits; every number is null when unlimited. */
export type PlanLimits = {
  /** Maximum upload size in bytes. */
  maxUploadBytes: number | null;
  filesPerBatch: number | null;
  /** Files one merge into a single PDF takes (POST /api/v1/merge). */
  mergeFiles: number | null;
  /** Hours a conversion is kept; null = until deleted. */
  retentionHours: number | null;
  /** Requests per minute. */
  ratePerMinute: number | null;
  /** Conversions per UTC day. */
  dailyConversions: number | null;
  /** Team size including the owner; 0 = no team. */
  teamSize: number | null;
  /** Whether API keys may be created and used. */
  apiAccess: boolean;
};

export type PlanInfo = { id: PlanId; name: string; priceMonthlyUsd: number; limits: PlanLimits };

type PlanDefaults = { priceMonthlyUsd: number; limits: PlanLimits };

const defaults: Record<PlanId, PlanDefaults> = {
  free: {
    priceMonthlyUsd: 0,
    limits: {
      maxUploadBytes: 50 * MB,
      filesPerBatch: 1,
      mergeFiles: 5,
      retentionHours: 24,
      ratePerMinute: 60,
      dailyConversions: 25,
      teamSize: 0,
      apiAccess: false,
    },
  },
  starter: {
    priceMonthlyUsd: 9,
    limits: {
      maxUploadBytes: 200 * MB,
      filesPerBatch: 5,
      mergeFiles: 20,
      retentionHours: 168,
      ratePerMinute: 5000,
      dailyConversions: 1000,
      teamSize: 0,
      apiAccess: true,
    },
  },
  pro: {
    priceMonthlyUsd: 29,
    limits: {
      maxUploadBytes: 1000 * MB,
      filesPerBatch: 10,
      mergeFiles: 50,
      retentionHours: 168,
      ratePerMinute: 5000,
      dailyConversions: 5000,
      teamSize: 3,
      apiAccess: true,
    },
  },
  business: {
    priceMonthlyUsd: 99,
    limits: {
      maxUploadBytes: null,
      filesPerBatch: 50,
      mergeFiles: 100,
      retentionHours: 168,
      ratePerMinute: null,
      dailyConversions: null,
      teamSize: 10,
      apiAccess: true,
    },
  },
};

/** The `<LIMIT>` part of each limit's override variable `PLAN_<PLAN>_<LIMIT>` (lib/config validates them). */
export const PLAN_LIMIT_ENV_NAMES: Record<keyof PlanLimits, string> = {
  maxUploadBytes: 'MAX_UPLOAD_BYTES',
  filesPerBatch: 'FILES_PER_BATCH',
  mergeFiles: 'MERGE_FILES',
  retentionHours: 'RETENTION_HOURS',
  ratePerMinute: 'RATE_PER_MINUTE',
  dailyConversions: 'DAILY_CONVERSIONS',
  teamSize: 'TEAM_SIZE',
  apiAccess: 'API_ACCESS',
};

function override<T extends number | null | boolean>(plan: PlanId, limit: keyof PlanLimits, fallback: T): T {
  const raw = process.env[`PLAN_${plan.toUpperCase()}_${PLAN_LIMIT_ENV_NAMES[limit]}`];
  if (raw === undefined || raw === '') return fallback;
  if (typeof fallback === 'boolean') return (raw === 'true') as T;
  if (raw === 'unlimited') return null as T;
  const n = Number(raw);
  return (Number.isFinite(n) && n >= 0 ? n : fallback) as T;
}

/** The limits in force for a plan (defaults with the environment's overrides). */
export function limitsFor(plan: PlanId): PlanLimits {
  const entries = Object.entries(defaults[plan].limits).map(([k, v]) => [k, override(plan, k as keyof PlanLimits, v)]);
  return Object.fromEntries(entries) as PlanLimits;
}

/**
 * The `expires_at` of a result kept until deleted (retention null). SPEC.md makes `expires_at` a
 * timestamp, and the column is NOT NULL, so "never" is the last instant of year 9999: the largest
 * four-digit ISO 8601 date, which every client's date type parses and no sweep ever reaches. This
 * is the only place it is encoded (documented on the Conversion schema).
 */
export const KEPT_UNTIL_DELETED = new Date('9999-12-31T23:59:59.999Z');

/** When a conversion created at `createdAt` on `plan` expires. */
export function expiresAtFor(plan: PlanId, createdAt: Date): Date {
  const hours = limitsFor(plan).retentionHours;
  return hours === null ? KEPT_UNTIL_DELETED : new Date(createdAt.getTime() + hours * 3_600_000);
}

export function planInfo(plan: PlanId): PlanInfo {
  return { id: plan, name: PLAN_NAMES[plan], priceMonthlyUsd: defaults[plan].priceMonthlyUsd, limits: limitsFor(plan) };
}
