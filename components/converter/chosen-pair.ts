import { FORMAT_ALIASES } from '@/lib/formats/catalog';
import type { ChosenPair } from './popular-targets';

const one = (value: string | string[] | undefined): string | undefined => {
  const text = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase().replace(/^\./, '');
  if (!text || !/^[a-z0-9][a-z0-9.]{0,15}$/.test(text)) return undefined;
  return Object.hasOwn(FORMAT_ALIASES, text) ? FORMAT_ALIASES[text] : text;
};

/** The pair of `/?from=heic&to=jpg` (aliases resolved: jpeg is jpg); anything else is ignored. */
export function parsePair(params: { from?: string | string[]; to?: string | string[] }): ChosenPair {
  return { from: one(params.from), to: one(params.to) };
}
