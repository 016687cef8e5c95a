import { sharePagePath } from '@/lib/domain/share-rules';

// The security headers of every page (set by proxy.ts; file downloads carry their own sandboxing
// policy, lib/api/file-response.ts). Scripts run only from our origin or with the request's nonce,
// which Next puts on its own bootstrap scripts and which any inline script of ours (one that must
// run before paint) carries too; 'strict-dynamic' lets those scripts load the chunks they need.
// Previews of results are blob: URLs made by our scripts (images, PDF in a frame, audio, video).

/** The request header that carries the nonce to the page's rendering (read with `headers()`). */
export const NONCE_HEADER = 'x-nonce';

/** A fresh nonce for one response: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** A page whose URL carries a secret (a share link's token, a mailed token) never sends it on as a referrer. */
function carriesSecret(url: URL): boolean {
  return url.pathname.startsWith(sharePagePath('')) || url.searchParams.has('token');
}

function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'self'",
    // React needs eval in development only, for its error overlays.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    // Inline style attributes (progress bars, charts); styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of a page at `url`, its scripts allowed by `nonce`. */
export function pageSecurityHeaders(url: URL, nonce: string, { development = false } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(nonce, { development }),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': carriesSecret(url) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), ' +
      'accelerometer=(), gyroscope=(), magnetometer=(), display-capture=(), browsing-topics=()',
  };
}
