import { randomToken, sha256 } from '@/lib/crypto';

// API keys look like `tm_<random>`; only their SHA-256 is stored.
export const API_KEY_PREFIX = 'tm_';

export const looksLikeApiKey = (value: string) => value.startsWith(API_KEY_PREFIX);

export function generateApiKey(): { secret: string; prefix: string; keyHash: string } {
  const secret = `${API_KEY_PREFIX}${randomToken(24)}`;
  return { secret, prefix: secret.slice(0, 10), keyHash: sha256(secret) };
}

export const hashApiKey = (secret: string) => sha256(secret);
