// The data of /dashboard/conversions, read directly by the server-rendered page.
import 'server-only';
import { accountCaller, type ProfileJson } from '@/lib/accounts/current-account';
import { type ConversionFilter, listConversions, usageHistory } from '@/lib/conversions/list-conversions';

export { parseConversionFilter, type ConversionFilter } from '@/lib/conversions/list-conversions';

export const loadConversions = (profile: ProfileJson, filter: ConversionFilter) => listConversions(profile.id, filter);

export const loadUsageHistory = async (profile: ProfileJson) => usageHistory(await accountCaller(profile));
