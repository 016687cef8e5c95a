// Server-side only: the data of GET /subscriptions/me, /subscriptions/plans and /api-keys, read
// directly for server-rendered dashboard pages (same functions as those endpoints).
import { listApiKeys } from '@/lib/api-keys/manage-api-keys';
import { getSubscription, listPlans } from '@/lib/billing/subscription';
import { accountCaller, type ProfileJson } from '@/components/account/current-account';

export type SubscriptionJson = Awaited<ReturnType<typeof getSubscription>>;
export type ApiKeyJson = Awaited<ReturnType<typeof listApiKeys>>['api_keys'][number];

export const loadSubscription = (profile: ProfileJson): Promise<SubscriptionJson> => getSubscription(accountCaller(profile));

export const loadApiKeys = async (profile: ProfileJson): Promise<ApiKeyJson[]> => (await listApiKeys(accountCaller(profile))).api_keys;

export const billingEnabled = (): boolean => listPlans().billing_enabled;
