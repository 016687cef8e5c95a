import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as apiKey from '@/app/api/v1/api-keys/[id]/route';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import type { AnyOperation } from '@/lib/schemas/operation';
import { openApiDocument } from '@/lib/api/openapi';
import { operations } from '@/lib/api/operations';
import { toAppError } from '@/lib/api/responses';
import { createSession } from '@/lib/accounts/sessions';
import { resetStripeClientForTests } from '@/lib/billing/stripe-config';
import { db } from '@/lib/db';
import { adminUser, signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';
import { type Handler, handlerOf, routeModules } from '@/tests/support/operation-handler';
import { jsonBody, RouteClient } from '@/tests/support/route-client';

// Every operation of lib/api/operations.ts (a new one is covered without editing this file) gets
// the inputs an adversarial client sends: a body that is not JSON, NUL in every string field, a
// malformed cookie, oversized headers and bad path parameters. None may answer 5xx, and every
// failure is the API's JSON `{error, code}` unless the operation documents another body for it.

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(64 * 1024);

/** An object with NUL in every string field of a zod object schema (nested objects too). */
function withNul(schema: z.ZodType): unknown {
  const def = (schema as z.ZodType & { def: { type: string } }).def;
  if (def.type === 'object') {
    const shape = (schema as z.ZodObject).shape;
    return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, withNul(v as z.ZodType)]));
  }
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
    return withNul((schema as unknown as { unwrap: () => z.ZodType }).unwrap());
  }
  if (def.type === 'pipe') return withNul((def as unknown as { in: z.ZodType }).in);
  return NUL; // strings, and anything else: a string with NUL is wrong there too
}

/** A multipart form with NUL in its text fields and a small file in its binary ones. */
function multipartWithNul(op: AnyOperation): FormData | undefined {
  const schema =
    op.openapi.requestBody && 'content' in op.openapi.requestBody
      ? op.openapi.requestBody.content['multipart/form-data']?.schema
      : undefined;
  if (!(schema instanceof z.ZodObject)) return undefined;
  const form = new FormData();
  for (const [name, field] of Object.entries(schema.shape)) {
    // A file part, or a repeated one (an array of files).
    const part = field instanceof z.ZodArray ? (field.element as z.ZodType) : (field as z.ZodType);
    const binary = part.meta()?.format === 'binary';
    if (binary) form.append(name, new Blob([new Uint8Array([1, 2, 3])]), `${NUL}.bin`);
    else form.append(name, NUL);
  }
  return form;
}

type Case = {
  name: string;
  signedIn: boolean;
  headers?: Record<string, string>;
  body?: BodyInit;
  params?: Record<string, string>;
  /** The one right answer, where it is known (not just "no 5xx"). */
  status?: number;
};

/** The adversarial requests for one operation. */
function casesFor(op: AnyOperation): Case[] {
  const hasBody = op.method !== 'get' && (op.method as string) !== 'head'; // GET and HEAD carry no body
  const cases: Case[] = [
    { name: 'malformed cookie', signedIn: false, headers: { cookie: 'tm_guest=%E0%A4%A; next-auth.session-token=%' } },
    { name: '64 KB cookie', signedIn: false, headers: { cookie: `tm_guest=${HUGE}; other=${HUGE}` } },
    { name: '64 KB Authorization', signedIn: false, headers: { authorization: `Bearer ${HUGE}` } },
    { name: '64 KB X-API-Key', signedIn: false, headers: { 'x-api-key': HUGE } },
  ];
  if (hasBody) {
    const json = { 'content-type': 'application/json' };
    cases.push({ name: 'body that is not JSON', signedIn: true, headers: json, body: '{"unterminated": ' });
    cases.push({ name: 'binary body as JSON', signedIn: true, headers: json, body: new Uint8Array([0xff, 0, 0xfe]) });
    cases.push({ name: 'text body', signedIn: true, headers: { 'content-type': 'text/plain' }, body: 'hello' });
    // An operation that reads a JSON body refuses NUL in it (lib/schemas/common.ts `text`): 400.
    const nulBody = op.body ? withNul(op.body) : { anything: NUL };
    const nulStatus = op.body ? 400 : undefined;
    const nul = { name: 'NUL in every string field', signedIn: true, headers: json, status: nulStatus };
    cases.push({ ...nul, body: JSON.stringify(nulBody) });
    const form = multipartWithNul(op);
    if (form) cases.push({ name: 'NUL in every multipart field', signedIn: true, body: form });
  }
  const names = Object.keys(op.params?.shape ?? {});
  for (const bad of [NUL, '-1', '0x10', '1e3', '99999999999999999999999', '%', 'x'.repeat(5000)]) {
    if (names.length) {
      cases.push({
        name: `path parameter ${JSON.stringify(bad.slice(0, 30))}`,
        signedIn: true,
        params: fill(names, bad),
      });
    }
  }
  return cases;
}

const fill = (names: string[], value: string) => Object.fromEntries(names.map((n) => [n, value]));

type DocumentedResponse = { content?: Record<string, unknown> } | undefined;

/** Whether the OpenAPI document lists `status` for the operation, and whether its body is JSON. */
function documented(op: AnyOperation, status: number): { listed: boolean; json: boolean } {
  const item = openApiDocument().paths?.[op.path] as Record<string, { responses?: Record<string, unknown> }>;
  const response = item?.[op.method]?.responses?.[String(status)] as DocumentedResponse;
  if (!response) return { listed: false, json: true };
  return { listed: true, json: !response.content || 'application/json' in response.content };
}

// next-auth's handler reads next/headers, which exists only inside Next's server, so it cannot be
// called in-process; e2e/ui signs in through it. Everything else is called here.
const NEEDS_NEXT_SERVER = new Set(['nextAuthGet', 'nextAuthPost']);
const tested = operations.filter((op) => !NEEDS_NEXT_SERVER.has(op.operationId));

let userId: string;
let restoreEnv: () => void;

beforeAll(async () => {
  // Stripe "configured" but unreachable: the webhook then checks its signature instead of answering
  // 503, and nothing here may reach Stripe anyway.
  restoreEnv = overrideEnv({
    STRIPE_SECRET_KEY: 'sk_test_bad_input',
    STRIPE_WEBHOOK_SECRET: 'whsec_bad_input',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
  resetStripeClientForTests();
  // An administrator, so the administrators' operations get past the role check to their input.
  userId = (await adminUser('pro')).id;
});

afterAll(() => {
  restoreEnv();
  resetStripeClientForTests();
});

describe('bad input never becomes a 500', () => {
  it.each(tested.map((op) => [op.operationId, op] as const))('%s', async (_id, op) => {
    const handler = await handlerOf(op);
    const failures: string[] = [];
    for (const c of casesFor(op)) {
      const auth: Record<string, string> = {};
      if (c.signedIn) auth.authorization = `Bearer ${(await createSession(userId)).access_token}`;
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params?.[name] ?? '1'));
      const params = Object.fromEntries(Object.keys(op.params?.shape ?? {}).map((n) => [n, c.params?.[n] ?? '1']));
      const response = await new RouteClient(auth).call(handler, {
        method: op.method.toUpperCase(),
        path,
        params,
        body: c.body,
        headers: c.headers,
      });
      const { status } = response;
      const text = await response.text();
      const label = `${c.name}: ${status} ${text.slice(0, 160)}`;
      if (status >= 500) failures.push(label);
      if (c.status !== undefined && status !== c.status) failures.push(`${label} (expected ${c.status})`);
      if (status < 400) continue;
      const doc = documented(op, status);
      if (!doc.listed) failures.push(`${label} (status not documented)`);
      if (!doc.json) continue;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const shape = z.object({ error: z.string().min(1), code: z.string().min(1) });
      if (!shape.safeParse(body).success) failures.push(`${label} (not {error, code})`);
    }
    expect(failures).toEqual([]);
  });
});

describe('a record that disappears between read and write', () => {
  it('is a real Prisma P2025 that answers 404, and a taken unique value (P2002) 409', async () => {
    const gone = await db.apiKey.delete({ where: { id: 'no-such-key' } }).catch((e: unknown) => e);
    expect(toAppError(gone, 'test')).toMatchObject({ status: 404, code: 'not_found' });
    const { email } = await db.user.findUniqueOrThrow({ where: { id: userId } });
    const taken = await db.user.create({ data: { email, passwordHash: 'x' } }).catch((e: unknown) => e);
    expect(toAppError(taken, 'test')).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('deleting one API key twice at once: one 200, the other 404, never 500', async () => {
    const owner = await signedUpUser('pro');
    const created = await owner.client.call(apiKeys.POST, {
      method: 'POST',
      path: '/api/v1/api-keys',
      ...jsonBody({}),
    });
    const { id } = await created.json();
    const remove = () =>
      owner.client.call(apiKey.DELETE, { method: 'DELETE', path: `/api/v1/api-keys/${id}`, params: { id } });
    const statuses = (await Promise.all([remove(), remove(), remove()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404, 404]);
  });
});

describe('an unknown path under /api/v1', () => {
  it('answers every method with a JSON 404, not the HTML page', async () => {
    const route = (await routeModules['/app/api/v1/[...path]/route.ts']()) as Record<string, Handler>;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const response = await new RouteClient().call(route[method], { method, path: '/api/v1/no/such/thing' });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'not_found', error: expect.stringContaining('/api/v1/no') });
    }
  });
});
