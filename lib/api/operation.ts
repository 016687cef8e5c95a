import type { ZodOpenApiOperationObject } from 'zod-openapi';
import type { z } from 'zod';
import type { AuthMode } from '@/lib/identity/resolve-caller';

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * One API operation: method, path, auth and schemas together. The route wrapper validates with
 * these schemas and lib/api/openapi.ts builds the OpenAPI document from the same objects.
 */
export type Operation<P extends AnyObject | undefined = undefined, Q extends AnyObject | undefined = undefined, B extends z.ZodType | undefined = undefined> = {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: `/api/v1/${string}` | `/api/${string}`;
  auth: AuthMode;
  /** `false` for endpoints that must answer even when the rate limit's store is down (health). */
  rateLimited?: false;
  params?: P;
  query?: Q;
  /** JSON body schema. Multipart and raw bodies are described in `openapi.requestBody`. */
  body?: B;
  openapi: Omit<ZodOpenApiOperationObject, 'requestParams'> & { tags: string[]; summary: string };
};

export const defineOperation = <P extends AnyObject | undefined = undefined, Q extends AnyObject | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  op: Operation<P, Q, B>,
) => op;
