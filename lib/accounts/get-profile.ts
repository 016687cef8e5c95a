import { db } from '@/lib/db';
import { type Caller, requireAccount } from '@/lib/identity/caller';
import { serializeProfile } from '@/lib/accounts/serialize-profile';

export async function getProfile(caller: Caller) {
  return serializeProfile(await db.user.findUniqueOrThrow({ where: { id: requireAccount(caller).userId } }));
}
