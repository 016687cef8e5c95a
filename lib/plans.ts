import type { Plan } from '@/lib/generated/prisma/enums';

// Every plan limit, in one place. Numbers are the defaults of SPEC.md's Limits table; a
// self-hoster overrides each with an environment variable named in the README.

const MB = 1_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type PlanLimits = {
  /** Maximum upload size in bytes; null = unlimited. */
  maxUploadBytes: number | null;
  filesPerBatch: number;
  retentionMs: number;
};

const defaults: Record<Plan, PlanLimits> = {
  free: { maxUploadBytes: 50 * MB, filesPerBatch: 1, retentionMs: DAY },
  starter: { maxUploadBytes: 200 * MB, filesPerBatch: 5, retentionMs: 7 * DAY },
  pro: { maxUploadBytes: 1000 * MB, filesPerBatch: 10, retentionMs: 7 * DAY },
  business: { maxUploadBytes: null, filesPerBatch: 50, retentionMs: 7 * DAY },
};

/** `PLAN_FREE_MAX_UPLOAD_BYTES=...`: "unlimited" or a number. */
function override(plan: Plan, name: string, fallback: number | null): number | null {
  const raw = process.env[`PLAN_${plan.toUpperCase()}_${name}`];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'unlimited') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function limitsFor(plan: Plan): PlanLimits {
  const d = defaults[plan];
  return {
    maxUploadBytes: override(plan, 'MAX_UPLOAD_BYTES', d.maxUploadBytes),
    filesPerBatch: override(plan, 'FILES_PER_BATCH', d.filesPerBatch) ?? Number.MAX_SAFE_INTEGER,
    retentionMs: (override(plan, 'RETENTION_HOURS', d.retentionMs / HOUR) ?? 24 * 365 * 100) * HOUR,
  };
}

export const PLANS: readonly Plan[] = ['free', 'starter', 'pro', 'business'];
