import { randomInt } from 'node:crypto';

// Conversion ids are integers (SPEC) but random, so they cannot be counted or guessed:
// 2^52 possible values, every one a safe JSON integer.
/** The smallest id ever issued. */
export const CONVERSION_ID_MIN = 2 ** 40;
/** Every id is below this (exclusive). */
export const CONVERSION_ID_MAX = 2 ** 52;
/** The shape of an id in a path: a positive integer without leading zeros, at most 16 digits. */
export const CONVERSION_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

export function newConversionId(): bigint {
  const high = randomInt(0, 2 ** 20);
  const low = randomInt(0, 2 ** 32);
  const span = BigInt(CONVERSION_ID_MAX - CONVERSION_ID_MIN);
  return BigInt(CONVERSION_ID_MIN) + (((BigInt(high) << 32n) | BigInt(low)) % span);
}

/** Parses a path segment into an id; null for anything that is not a plain positive integer. */
export function parseConversionId(raw: string): bigint | null {
  if (!CONVERSION_ID_PATTERN.test(raw)) return null;
  const id = BigInt(raw);
  return id < BigInt(CONVERSION_ID_MAX) ? id : null;
}
