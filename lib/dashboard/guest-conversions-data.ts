// The visitor's own recent conversions for the home page, from the signed guest cookie.
import 'server-only';
import { cookies } from 'next/headers';
import { recentGuestConversions } from '@/lib/conversions/list-conversions';
import { GUEST_COOKIE, readGuestId } from '@/lib/identity/guest-cookie';

export async function loadGuestConversions() {
  const guestId = readGuestId((await cookies()).get(GUEST_COOKIE)?.value);
  return guestId ? recentGuestConversions(guestId) : [];
}
