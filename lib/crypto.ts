import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';

/** A URL-safe random token carrying `bytes` bytes (default 24 = 192 bits) from the CSPRNG. */
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** HMAC-SHA256 over `value` with the app secret, for one `purpose` (keys never cross purposes). */
export const sign = (purpose: string, value: string) =>
  createHmac('sha256', `${purpose}:${config.appSecret}`).update(value).digest('base64url');

/** Constant-time string comparison that never throws on a length mismatch. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
