import { randomToken, safeEqual, sign } from '@/lib/crypto';

// Anonymous callers get a guest identity in a signed, HttpOnly cookie: `<guestId>.<hmac>`.
export const GUEST_COOKIE = 'tm_guest';
const ONE_YEAR = 60 * 60 * 24 * 365;

export function readGuestId(cookieValue: string | undefined): string | null {
  if (!cookieValue) return null;
  const [id, mac] = cookieValue.split('.');
  if (!id || !mac || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  return safeEqual(mac, sign('guest', id)) ? id : null;
}

export function newGuestId(): string {
  return randomToken(18);
}

export function guestCookieHeader(guestId: string, secure: boolean): string {
  const value = `${guestId}.${sign('guest', guestId)}`;
  return `${GUEST_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
