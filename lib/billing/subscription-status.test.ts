import { describe, expect, it } from 'vitest';
import { isEndedStatus, isEntitledStatus, isHealthyStatus } from '@/lib/billing/subscription-status';

describe('subscription status', () => {
  it('holds the paid plan while active, trialing or past due, and for nothing else', () => {
    expect(['active', 'trialing', 'past_due'].every(isEntitledStatus)).toBe(true);
    expect(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', '', null].some(isEntitledStatus)).toBe(
      false,
    );
  });

  it('is healthy when paid without trouble or on a team; past due is entitled but not healthy', () => {
    expect(isHealthyStatus('active') && isHealthyStatus('trialing') && isHealthyStatus('team')).toBe(true);
    expect(isHealthyStatus('past_due') || isHealthyStatus('free') || isHealthyStatus('canceled')).toBe(false);
    expect(isEndedStatus('canceled') && isEndedStatus('unpaid')).toBe(true);
    expect(isEndedStatus('past_due') || isEndedStatus('active')).toBe(false);
  });
});
