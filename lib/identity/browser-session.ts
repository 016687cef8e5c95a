import { decode } from 'next-auth/jwt';
import { nextAuthSecret } from '@/lib/auth/next-auth-options';

const COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

/** The user id of a valid next-auth session cookie (browser sign-in), or null. */
export async function readBrowserSession(cookies: Map<string, string>): Promise<string | null> {
  const raw = COOKIES.map((name) => cookies.get(name)).find(Boolean);
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: nextAuthSecret() });
    return typeof token?.sub === 'string' ? token.sub : null;
  } catch {
    return null;
  }
}
