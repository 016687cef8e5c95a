import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  KEPT_UNTIL_DELETED,
  PAID_PLANS,
  PLANS,
  PLAN_NAMES,
  expiresAtFor,
  hasHigherPlan,
  limitsFor,
  planInfo,
} from '@/lib/plans';
import { Conversion } from '@/lib/schemas/conversion';
import { PlanLimits } from '@/lib/schemas/subscriptions';

afterEach(() => vi.unstubAllEnvs());

const created = new Date('2030-01-01T00:00:00.000Z');

describe('plans', () => {
  it('lists every plan once, cheapest first, with a name; paid plans are the others', () => {
    expect(PLANS.map((p) => planInfo(p).priceMonthlyUsd)).toEqual([0, 9, 29, 99]);
    expect(Object.keys(PLAN_NAMES).sort()).toEqual([...PLANS].sort());
    expect(PAID_PLANS).toEqual(PLANS.filter((p) => p !== 'free'));
  });

  it('has a higher plan for every plan but the dearest', () => {
    expect(PLANS.filter(hasHigherPlan)).toEqual(['free', 'starter', 'pro']);
  });

  it('"unlimited" is null in the limits and in the API schema, never a large number', () => {
    vi.stubEnv('PLAN_PRO_RETENTION_HOURS', 'unlimited');
    vi.stubEnv('PLAN_PRO_TEAM_SIZE', 'unlimited');
    const limits = limitsFor('pro');
    expect(limits.retentionHours).toBeNull();
    expect(limits.teamSize).toBeNull();
    const api = {
      retention_hours: null,
      team_size: null,
      max_upload_bytes: null,
      files_per_batch: null,
      merge_files: null,
    };
    const body = { ...api, rate_limit_per_minute: null, daily_conversions: null, api_access: true };
    expect(PlanLimits.parse(body)).toEqual(body);
  });

  it('a result kept until deleted expires at the one sentinel date, which the Conversion schema accepts', () => {
    expect(expiresAtFor('free', created).toISOString()).toBe('2030-01-02T00:00:00.000Z');
    vi.stubEnv('PLAN_BUSINESS_RETENTION_HOURS', 'unlimited');
    const never = expiresAtFor('business', created);
    expect(never).toBe(KEPT_UNTIL_DELETED);
    expect(never.toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(Conversion.shape.expires_at.safeParse(never.toISOString()).success).toBe(true);
  });
});
