import type { oas31 } from 'zod-openapi';
import { isRef, type Doc } from './openapi-model';

function schemeLabel(doc: Doc, name: string): string {
  const scheme = doc.components?.securitySchemes?.[name];
  if (!scheme || isRef(scheme)) return name;
  if (scheme.type === 'apiKey') return `API key (${scheme.in} ${scheme.name})`;
  if (scheme.type === 'http')
    return scheme.scheme === 'bearer'
      ? `Bearer token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`
      : `HTTP ${scheme.scheme}`;
  return `${name} (${scheme.type})`;
}

export type AuthSummary = { open: boolean; anonymous: boolean; options: string[] };

/** `security: []` → open; `{}` among the alternatives → anonymous callers are accepted too. */
export function authSummary(doc: Doc, requirements: oas31.SecurityRequirementObject[] | undefined): AuthSummary {
  const reqs = requirements ?? doc.security ?? [];
  if (reqs.length === 0) return { open: true, anonymous: true, options: [] };
  const options: string[] = [];
  let anonymous = false;
  for (const req of reqs) {
    const names = Object.keys(req);
    if (names.length === 0) anonymous = true;
    else options.push(names.map((n) => schemeLabel(doc, n)).join(' + '));
  }
  return { open: false, anonymous, options };
}
