import { describe, expect, it } from 'vitest';
import { withEnv } from '@/tests/support/env';
import { groupsOf, mappedAccess } from './sso-claims';

const mapping = { OIDC_ADMIN_GROUPS: 'ops,Transmute-Admins', OIDC_PLAN_GROUPS: 'pro:team-pro,business:team-biz' };

describe('the claim mapping of SSO sign-ins', () => {
  it('reads the groups claim named by OIDC_GROUPS_CLAIM, as a list or one name, case-blind', async () => {
    expect(groupsOf({ groups: ['Ops', 'x'] })).toEqual(['ops', 'x']);
    expect(groupsOf({ groups: 'Ops' })).toEqual(['ops']);
    expect(groupsOf({ groups: [1, null, 'a'] })).toEqual(['a']);
    expect(groupsOf({})).toEqual([]);
    await withEnv({ OIDC_GROUPS_CLAIM: 'roles' }, () =>
      expect(groupsOf({ roles: ['r'], groups: ['g'] })).toEqual(['r']),
    );
  });

  it('decides nothing that is not mapped', async () => {
    await withEnv({ OIDC_ADMIN_GROUPS: undefined, OIDC_PLAN_GROUPS: undefined }, () =>
      expect(mappedAccess(['ops', 'team-pro'], { stripeSubscriptionId: null })).toEqual({}),
    );
  });

  it('gives admin to members of an admin group and takes it from others; the highest plan of the groups, free in none', async () => {
    await withEnv(mapping, () => {
      const none = { stripeSubscriptionId: null };
      expect(mappedAccess(['transmute-admins', 'team-pro', 'team-biz'], none)).toEqual({
        role: 'admin',
        plan: 'business',
      });
      expect(mappedAccess(['team-pro'], none)).toEqual({ role: 'user', plan: 'pro' });
      expect(mappedAccess([], none)).toEqual({ role: 'user', plan: 'free' });
    });
  });

  it('leaves the plan of an account paying through Stripe to billing', async () => {
    await withEnv(mapping, () =>
      expect(mappedAccess(['ops'], { stripeSubscriptionId: 'sub_123' })).toEqual({ role: 'admin' }),
    );
  });
});
