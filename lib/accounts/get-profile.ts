import { db } from '@/lib/db';
import type { AccountCaller } from '@/lib/identity/caller';
import { serializeProfile } from '@/lib/accounts/serialize-profile';

export async function getProfile(caller: AccountCaller) {
  return serializeProfile(await db.user.findUniqueOrThrow({ where: { id: caller.userId } }), caller.plan);
}
