import { randomToken } from '@/lib/crypto';

// Storage keys are generated, never derived from user file names.
const KEY_PATTERN = /^(inputs|results)\/[A-Za-z0-9_-]{16,64}$/;

export const newStorageKey = (kind: 'inputs' | 'results') => `${kind}/${randomToken(18)}`;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}
