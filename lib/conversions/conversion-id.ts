import { randomInt } from 'node:crypto';

// Conversion ids are integers (SPEC) but random, so they cannot be counted or guessed:
// 2^52 possible values, every one a safe JSON integer.
const MIN = 2 ** 40;
const MAX = 2 ** 52;

export function newConversionId(): bigint {
  const high = randomInt(0, 2 ** 20);
  const low = randomInt(0, 2 ** 32);
  return BigInt(MIN) + ((BigInt(high) << 32n) | BigInt(low)) % BigInt(MAX - MIN);
}

/** Parses a path segment into an id; null for anything that is not a plain positive integer. */
export function parseConversionId(raw: string): bigint | null {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id < BigInt(MAX) ? id : null;
}
