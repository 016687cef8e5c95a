import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { type AnyOperation, bodyIsOptional } from '@/lib/schemas/operation';
import { operations } from '@/lib/api/operations';
import type { AuthMode } from '@/lib/identity/resolve-caller';
import { errors } from '@/lib/schemas/common';
import { withApiErrorStatuses } from '@/lib/api/with-api-errors';
import { license } from '@/package.json';

let cached: ReturnType<typeof createDocument> | undefined;

const SECURITY: Record<AuthMode, Array<Record<string, string[]>>> = {
  bearer: [{ bearerAuth: [] }],
  admin: [{ bearerAuth: [] }, { apiKey: [] }],
  any: [{ guestCookie: [] }, { apiKey: [] }, { bearerAuth: [] }],
  open: [],
};

/** The operation's JSON responses, its other documented responses, and the ones withApi adds. */
function responsesOf(op: AnyOperation) {
  const json = Object.entries(op.responses).map(([status, { description, schema }]) => [
    status,
    { description, content: { 'application/json': { schema } } },
  ]);
  return { ...Object.fromEntries(json), ...errors(...withApiErrorStatuses(op)), ...op.openapi.responses };
}

/** An operation's JSON body: an optional one is published as its inner schema, not required. */
function jsonRequestBody(body: z.ZodType) {
  const optional = bodyIsOptional(body);
  const schema = body instanceof z.ZodOptional ? body.unwrap() : body;
  return { required: !optional, content: { 'application/json': { schema } } };
}

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      ...op.openapi,
      operationId: op.operationId,
      responses: responsesOf(op),
      security: SECURITY[op.auth],
      requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
      ...(op.body ? { requestBody: jsonRequestBody(op.body) } : {}),
    };
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Transmute API',
      version: '2.0.0',
      description: [
        'File conversion service. Successful calls answer 200, except that an operation creating a conversion',
        'answers 201 with the Conversion object (tus creation answers 201 as its protocol requires), and that the',
        'one-request convert (POST /api/v1/convert) answers 202 with the Conversion while it still runs.',
        'Errors are `{"error": string, "code": string}` with the status of the cause;',
        'an unknown path under `/api/v1` answers 404 `not_found` in that shape, a method that a path does not take',
        'answers 405 `method_not_allowed` with the methods it takes in `Allow`, and a path with a percent-escape',
        'that does not decode (`%E0%A4%A`) answers 400 `bad_request` on every operation. Anonymous callers get a signed',
        'guest identity in the HttpOnly `tm_guest` cookie; plan limits apply either way, and a limit that is',
        '`null` is unlimited.',
      ].join(' '),
      // The SPDX identifier of package.json, the licence of the LICENSE file.
      license: { name: license, identifier: license },
    },
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'An API key (paid plans); also accepted as `Authorization: Bearer <key>`',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A session token from POST /api/v1/auth/token (browsers signed in with next-auth are accepted too)',
        },
        guestCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'tm_guest',
          description: 'Signed anonymous identity, set by the server on the first call without credentials',
        },
      },
    },
    paths,
  });
  return cached;
}
