import { randomToken } from '@/lib/crypto';

/** The folders of the store: every key is `<kind>/<random token>`. */
export const KEY_KINDS = ['inputs', 'results'] as const;
type KeyKind = (typeof KEY_KINDS)[number];

// Storage keys are generated, never derived from user file names.
const KEY_PATTERN = new RegExp(`^(${KEY_KINDS.join('|')})/[A-Za-z0-9_-]{16,64}$`);

export const newStorageKey = (kind: KeyKind) => `${kind}/${randomToken(18)}`;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}
