import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { operations } from '@/lib/api/operations';

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const security: Array<Record<string, string[]>> = op.auth === 'bearer' ? [{ bearerAuth: [] }] : op.auth === 'any' ? [{ guestCookie: [] }, { apiKey: [] }, { bearerAuth: [] }] : [];
    paths[op.path] ??= {};
    const json = Object.entries(op.responses).map(([status, { description, schema }]) => [
      status,
      { description, content: { 'application/json': { schema } } },
    ]);
    paths[op.path][op.method] = {
      ...op.openapi,
      operationId: op.operationId,
      responses: { ...Object.fromEntries(json), ...op.openapi.responses },
      security,
      requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    };
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Transmute API',
      version: '2.0.0',
      description:
        'File conversion service. Errors are `{"error": string, "code": string}` with the status of the cause. ' +
        'Anonymous callers get a signed guest identity in the HttpOnly `tm_guest` cookie; plan limits apply either way.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (paid plans); also accepted as `Authorization: Bearer <key>`' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session token from POST /api/v1/auth/token (browsers signed in with next-auth are accepted too)' },
        guestCookie: { type: 'apiKey', in: 'cookie', name: 'tm_guest', description: 'Signed anonymous identity, set by the server on the first call without credentials' },
      },
    },
    paths,
  });
  return cached;
}
