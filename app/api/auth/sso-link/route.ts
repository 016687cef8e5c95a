import { assertSameOrigin } from '@/lib/api/with-api';
import { errorResponse, toAppError } from '@/lib/api/responses';
import { completePendingLink, PENDING_LINK_COOKIE } from '@/lib/auth/sso-link';
import { isAppError } from '@/lib/errors';
import { parseCookies } from '@/lib/identity/cookies';
import { requestIdOf } from '@/lib/observability/request-id';

// POST /api/auth/sso-link (the link page's form, `password`): the password of the account an SSO
// sign-in found by its e-mail links that sign-in to it. Answers 303 back to the page: with
// `?linked=1`, from where the browser signs in through the provider again and goes straight in, or
// with `?error=` (the page words it). A request from another site is refused (403) before anything.

export async function POST(request: Request) {
  const requestId = requestIdOf(request.headers);
  const back = (query: string, headers: Record<string, string> = {}) =>
    new Response(null, { status: 303, headers: { Location: `/sign-in/link?${query}`, ...headers } });
  try {
    assertSameOrigin(request);
    const form = await request.formData().catch(() => undefined);
    const password = form?.get('password');
    if (typeof password !== 'string' || !password || password.length > 200) return back('error=password_required');
    const cookie = parseCookies(request.headers.get('cookie')).get(PENDING_LINK_COOKIE);
    await completePendingLink(cookie, password);
    return back('linked=1', { 'Set-Cookie': `${PENDING_LINK_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` });
  } catch (e) {
    if (isAppError(e) && e.code !== 'forbidden') return back(`error=${e.code}`);
    return errorResponse(toAppError(e, requestId), requestId);
  }
}
