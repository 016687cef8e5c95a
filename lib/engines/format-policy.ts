import { config } from '@/lib/config';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import type { Engine } from './types';

// Which formats and engines an operator turned off (FORMATS_DISABLED, ENGINES_DISABLED). The
// registry consults this module alone, so the listing, every engine lookup (conversions, tools,
// merges) and the pages built from them agree. Read from the configuration on every call: a
// changed environment applies to the next lookup.

export type FormatPolicy = { formats_disabled: string[]; engines_disabled: string[] };

/** What is off, as the configuration names it (formats and families; engines). */
export function formatPolicy(): FormatPolicy {
  return { formats_disabled: [...config.formatsDisabled], engines_disabled: [...config.enginesDisabled] };
}

/** A format turned off by name or by its family. */
export function formatDisabled(name: FormatName): boolean {
  const off = config.formatsDisabled;
  return off.includes(name) || off.includes(FORMATS[name].family);
}

export function engineDisabled(engine: Engine): boolean {
  return config.enginesDisabled.includes(engine.name);
}

/** The refusal of a pair whose source or target is turned off (undefined when both are on). */
export function disabledPairMessage(source: FormatName, target: FormatName): string | undefined {
  const off = [source, target].find(formatDisabled);
  return off && `${off} is disabled on this server (FORMATS_DISABLED); see GET /api/v1/formats`;
}

/** Names in ENGINES_DISABLED that no engine has: a typo that turns nothing off. */
export function unknownDisabledEngines(engines: readonly Engine[]): string[] {
  const known = new Set(engines.map((e) => e.name));
  return config.enginesDisabled.filter((name) => !known.has(name));
}

/** A key that changes when the policy does: what is built from the registry is rebuilt then. */
export const policyKey = () => JSON.stringify(formatPolicy());
