// The data of GET /api/v1/team, read directly for the server-rendered /dashboard/team page.
import 'server-only';
import { isAppError } from '@/lib/errors';
import { accountCaller, type ProfileJson } from '@/lib/accounts/current-account';
import { getTeam, type TeamJson } from '@/lib/teams/read-team';

/** The account's team, or null when it is in none. */
export async function loadTeam(profile: ProfileJson): Promise<TeamJson | null> {
  try {
    return await getTeam(await accountCaller(profile));
  } catch (e) {
    if (isAppError(e) && e.code === 'not_found') return null;
    throw e;
  }
}
