import { NextResponse, type NextRequest } from 'next/server';
import { NONCE_HEADER, newNonce, pageSecurityHeaders } from '@/lib/http/page-security-headers';

// Every page gets its security headers with a fresh script nonce. Next reads the nonce from the
// request's Content-Security-Policy while rendering and puts it on its own scripts (the root
// layout renders every page per request, so none is prerendered without it).
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const headers = pageSecurityHeaders(request.nextUrl, nonce, { development: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set('Content-Security-Policy', headers['Content-Security-Policy']);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: the API answers JSON and files (with their own headers), static assets need none.
  matcher: [{ source: '/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)' }],
};
