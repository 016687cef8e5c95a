import { z } from 'zod';
import 'zod-openapi';

export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'Human-readable reason', example: 'Missing "target_format"' }),
    code: z.string().meta({ description: 'Machine-readable code', example: 'validation_failed' }),
  })
  .meta({ id: 'Error' });

const errorContent = { 'application/json': { schema: ErrorBody } };

/** Standard error responses, by status, for an operation's `responses`. */
export function errors(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503>) {
  const text: Record<number, string> = {
    400: 'Invalid request parameters',
    401: 'Invalid or missing credentials',
    403: 'Not permitted on this plan, or the resource is not the caller\'s',
    404: 'Resource not found (or expired)',
    409: 'The resource is not in a state that allows this',
    413: 'The upload exceeds the plan\'s maximum upload size',
    429: 'Rate limit or plan quota exceeded',
    500: 'Server error, retry',
    503: 'A dependency is unavailable, retry',
  };
  return Object.fromEntries(statuses.map((s) => [String(s), { description: text[s], content: errorContent }]));
}

/** `{id}` path parameter of conversion routes: a positive integer. */
export const ConversionIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer conversion id')
    .transform((v) => BigInt(v))
    .meta({ param: { description: 'Conversion id' }, example: '3926140083411' }),
});

/** A JSON response of `schema`, for an operation's `responses`. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
