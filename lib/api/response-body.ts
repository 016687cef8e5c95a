import type { z } from 'zod';
import type { JsonResponses } from '@/lib/schemas/operation';
import { jsonAnswer } from '@/lib/api/responses';
import { errorBrand } from '@/lib/errors';

// Every JSON body an operation sends passes through the schema it declares for that status, so the
// document, the types and the bytes agree. Tests are strict (an unknown or missing key throws, and
// the test fails); production sends only the declared fields and never a body that does not match.

const strict = () => process.env.NODE_ENV === 'test' || Boolean(process.env.VITEST);

/** A handler answered with a body its operation does not declare: a bug, never the client's fault. */
export class ResponseContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseContractError';
    contractErrorBrand.mark(this);
  }
}
const contractErrorBrand = errorBrand<ResponseContractError>('ResponseContractError');
export const isResponseContractError = contractErrorBrand.is;

/** Keys of `input` that parsing dropped (so the schema lacks them), as paths. */
function droppedKeys(input: unknown, output: unknown, at: string): string[] {
  if (input === output || typeof input !== 'object' || input === null) return [];
  if (typeof output !== 'object' || output === null) return [];
  if (Array.isArray(input)) {
    return Array.isArray(output) ? input.flatMap((item, i) => droppedKeys(item, output[i], `${at}[${i}]`)) : [];
  }
  const out = output as Record<string, unknown>;
  return Object.entries(input).flatMap(([key, value]) => {
    if (value === undefined) return []; // JSON drops it anyway
    if (!(key in out)) return [`${at}.${key}`];
    return droppedKeys(value, out[key], `${at}.${key}`);
  });
}

/**
 * The body to send for `status`: `data` parsed by the declared schema (unknown keys stripped).
 * Throws ResponseContractError when nothing is declared for `status`, when `data` does not match,
 * and in tests also when the schema would strip a key.
 */
export function responseBody(op: { operationId: string; responses: JsonResponses }, status: number, data: unknown) {
  const declared = op.responses[status];
  const where = `${op.operationId} ${status}`;
  if (!declared) throw new ResponseContractError(`${where}: no JSON response is declared for this status`);
  const parsed = (declared.schema as z.ZodType).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ResponseContractError(`${where}: body.${issue.path.join('.')}: ${issue.message}`);
  }
  if (strict()) {
    const extra = droppedKeys(data, parsed.data, 'body');
    if (extra.length) throw new ResponseContractError(`${where}: the schema does not declare ${extra.join(', ')}`);
  }
  return parsed.data;
}

/** Whether a contract error should escape the handler (tests) rather than become a 500 (production). */
export const rethrowContractErrors = strict;

/** A JSON Response of `data` checked against the operation's schema for `status`. */
export function jsonResponse(
  op: { operationId: string; responses: JsonResponses },
  status: number,
  data: unknown,
  init: ResponseInit = {},
): Response {
  return jsonAnswer(responseBody(op, status, data), { ...init, status });
}
