import { z } from 'zod';
import 'zod-openapi';
import type { JsonResponse } from '@/lib/schemas/operation';
import { CONVERSION_ID_PATTERN, parseConversionId } from '@/lib/domain/conversion-id';

// Control characters (C0, DEL, C1) belong in no field we store, compare or mail, and PostgreSQL
// refuses NUL in text outright (a 500 if it got that far).
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** A string field of a body, path or query: text without control characters. Every string field starts here. */
export const text = () => z.string().regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'Human-readable reason', example: 'Missing "target_format"' }),
    code: z.string().meta({ description: 'Machine-readable code', example: 'validation_failed' }),
  })
  .meta({ id: 'Error' });

const errorContent = { 'application/json': { schema: ErrorBody } };

const errorText = {
  400: 'Invalid request parameters',
  401: 'Invalid or missing credentials',
  403: "Not permitted on this plan, or the resource is not the caller's",
  404: 'Resource not found (or expired)',
  409: 'The resource is not in a state that allows this',
  410: 'The share link or invitation has expired or been used up',
  413: "The upload exceeds the plan's maximum upload size (or a batch its files per batch)",
  429: 'Rate limit or plan quota exceeded',
  500: 'Server error, retry',
  503: 'A dependency is unavailable, retry',
  507: 'The server is out of storage space (`insufficient_storage`); nothing of the request was kept, retry later',
} as const;

/** Standard error responses, by status, for an operation's `openapi.responses`. */
export function errors(...statuses: Array<keyof typeof errorText>) {
  return Object.fromEntries(statuses.map((s) => [String(s), { description: errorText[s], content: errorContent }]));
}

/** A JSON response of `schema`, for an operation's `responses`. */
export const json = <S extends z.ZodType>(schema: S, description: string): JsonResponse<S> => ({ schema, description });

/** A request or response body of raw bytes of `type`, for an operation's `openapi` (OpenAPI's binary string). */
export const binaryContent = (type: string) => ({ [type]: { schema: z.string().meta({ format: 'binary' }) } });

/** `{id}` path parameter of conversion routes: the rule of lib/domain/conversion-id.ts. */
export const ConversionIdParams = z.object({
  id: text()
    .regex(CONVERSION_ID_PATTERN, 'must be a positive integer conversion id')
    .transform((raw, ctx) => {
      const id = parseConversionId(raw);
      if (id === null) ctx.addIssue({ code: 'custom', message: 'is not a conversion id (too large)' });
      return id ?? z.NEVER;
    })
    .meta({ param: { description: 'Conversion id' }, example: '3926140083411' }),
});
