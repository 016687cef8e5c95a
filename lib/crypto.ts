import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

const sealKey = (purpose: string) => createHash('sha256').update(`seal:${purpose}:${config.appSecret}`).digest();

/** Encrypts `plaintext` with the app secret for one `purpose` (AES-256-GCM): `iv.tag.ciphertext`, base64url. */
export function seal(purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** Decrypts what `seal` made for the same purpose; throws when it was altered or sealed with another secret. */
export function unseal(purpose: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealKey(purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
