import type { ZodOpenApiOperationObject } from 'zod-openapi';
import type { z } from 'zod';
import type { AuthMode } from '@/lib/identity/resolve-caller';

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** A JSON response body: withApi checks what a handler returns against `schema`; OpenAPI publishes it. */
export type JsonResponse<S extends z.ZodType = z.ZodType> = { description: string; schema: S };

/** An operation's JSON responses by HTTP status. */
export type JsonResponses = { [status: number]: JsonResponse };

/**
 * One API operation: method, path, auth and schemas together. The route wrapper validates requests
 * and checks JSON responses with these schemas, and lib/api/openapi.ts builds the OpenAPI document
 * from the same objects.
 */
export type Operation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends JsonResponses = JsonResponses,
  A extends AuthMode = AuthMode,
> = {
  /** Unique, camelCase: the method name generated clients get. */
  operationId: string;
  method: 'get' | 'head' | 'options' | 'post' | 'put' | 'delete' | 'patch';
  path: `/api/v1/${string}` | `/api/${string}`;
  auth: A;
  /** `false` for endpoints that must answer even when the rate limit's store is down (health). */
  rateLimited?: false;
  params?: P;
  query?: Q;
  /**
   * JSON body schema. Multipart and raw bodies are described in `openapi.requestBody`. A schema that
   * accepts `undefined` (`.optional()`) makes the body optional: the handler gets `undefined` when
   * none is sent as JSON.
   */
  body?: B;
  /** Every JSON body it answers with, by status (errors aside: those are `{error, code}`). */
  responses: R;
  /** Everything else the document says: error statuses, files, streams, redirects. */
  openapi: Omit<ZodOpenApiOperationObject, 'requestParams' | 'operationId' | 'responses'> & {
    tags: string[];
    summary: string;
    responses?: ZodOpenApiOperationObject['responses'];
  };
};

/** Whether a body schema lets the body be left out (withApi reads it so; OpenAPI says `required: false`). */
export const bodyIsOptional = (body: z.ZodType) => body.safeParse(undefined).success;

/** Any operation, for code that handles them all (the OpenAPI document, response checks). */
export type AnyOperation = Operation<AnyObject | undefined, AnyObject | undefined, z.ZodType | undefined>;

export const defineOperation = <
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends JsonResponses = JsonResponses,
  A extends AuthMode = AuthMode,
>(
  op: Operation<P, Q, B, R, A>,
) => op;
