// The data of GET /subscriptions/me, /subscriptions/plans and /api-keys, read directly for
// server-rendered dashboard pages (the same functions as those endpoints).
import 'server-only';
import { listApiKeys } from '@/lib/api-keys/manage-api-keys';
import { getSubscription, listPlans } from '@/lib/billing/subscription';
import { accountCaller, type ProfileJson } from '@/lib/accounts/current-account';

export type SubscriptionJson = Awaited<ReturnType<typeof getSubscription>>;

export const loadSubscription = async (profile: ProfileJson): Promise<SubscriptionJson> =>
  getSubscription(await accountCaller(profile));

export const loadApiKeys = async (profile: ProfileJson) => (await listApiKeys(await accountCaller(profile))).api_keys;

/** GET /api/v1/subscriptions/plans: the four plans with the limits in force, and whether Stripe is set up. */
export const loadPlans = () => listPlans();
