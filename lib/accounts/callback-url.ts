/**
 * Where to go after signing in: a path on this site only. next-auth hands over absolute URLs
 * (built from NEXTAUTH_URL), so their path is kept; other origins and `//host` tricks are refused.
 */
export function safeCallbackPath(raw: string | string[] | undefined, fallback = '/dashboard'): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return fallback;
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      path = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return fallback;
    }
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // The auth pages themselves would loop back here.
  if (/^\/(sign-in|sign-up)(\/|\?|#|$)/.test(path)) return fallback;
  return path;
}

/** `/sign-in` (or another auth page) carrying the path to come back to. */
export function withCallback(page: string, callbackPath: string): string {
  return callbackPath === '/dashboard' ? page : `${page}?callbackUrl=${encodeURIComponent(callbackPath)}`;
}
