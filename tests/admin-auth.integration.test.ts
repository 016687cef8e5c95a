import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/operations';
import { withApi } from '@/lib/api/with-api';
import { type AnyOperation, defineOperation } from '@/lib/schemas/operation';
import { json } from '@/lib/schemas/common';
import { adminUser, apiKeyClientOf, browserFor, signedUpUser } from '@/tests/support/accounts';
import { handlerOf, routeModules } from '@/tests/support/operation-handler';
import { jsonBody, RouteClient } from '@/tests/support/route-client';

// The `admin` auth mode through the real route wrapper and identity layer: an operation declared
// here (so the rule is tested apart from any one administrators' operation) answers who called.
const whoOp = defineOperation({
  operationId: 'adminAuthProbe',
  method: 'get',
  path: '/api/v1/admin/probe',
  auth: 'admin',
  responses: { 200: json(z.object({ userId: z.string(), kind: z.string() }), 'The caller') },
  openapi: { tags: ['admin'], summary: 'Probe' },
});
const who = withApi(whoOp, async ({ caller }) => ({ data: { userId: caller.userId, kind: caller.kind } }));
const call = (client: RouteClient) => client.call(who, { path: whoOp.path });

describe('the admin auth mode', () => {
  it('answers 401 without credentials and with wrong ones', async () => {
    const guest = await call(new RouteClient());
    expect(guest.status).toBe(401);
    expect(guest.headers.get('set-cookie')).toBeNull(); // no guest identity is made
    expect((await call(new RouteClient({ authorization: 'Bearer not-a-token' }))).status).toBe(401);
    expect((await call(new RouteClient({ 'x-api-key': 'tm_nope' }))).status).toBe(401);
  });

  it("answers 403 to a normal account's session token, browser cookie and API key", async () => {
    const user = await signedUpUser('starter');
    for (const client of [user.client, await browserFor(user.id), await apiKeyClientOf(user)]) {
      const res = await call(client);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'This needs an administrator', code: 'forbidden' });
    }
  });

  it("lets an administrator's session token, browser cookie and API key in", async () => {
    const admin = await adminUser('starter');
    const kinds = [];
    for (const client of [admin.client, await browserFor(admin.id), await apiKeyClientOf(admin)]) {
      const res = await call(client);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { userId: string; kind: string };
      expect(body.userId).toBe(admin.id);
      kinds.push(body.kind);
    }
    expect(kinds).toEqual(['session', 'session', 'api_key']);
  });
});

// Every operation declared `admin` in the registry, called through its own route module, so an
// administrators' operation cannot be added without this test calling it. A request that passes the
// schemas: `{}` for a body that allows it, else the operation's entry in SAMPLE_BODIES.
const SAMPLE_BODIES: Record<string, unknown> = {
  adminCreateInvitation: { email: 'invited-by-admin@example.test' },
};
const SAMPLE_ID = 'no-such-id';

// A cookie's state change must come from our origin, or it is refused before the role is asked.
const ORIGIN = { origin: 'http://localhost:3000' };

function requestFor(op: AnyOperation) {
  const params = Object.fromEntries(Object.keys(op.params?.shape ?? {}).map((name) => [name, SAMPLE_ID]));
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
  const request = { method: op.method.toUpperCase(), path, params, headers: ORIGIN };
  if (!op.body) return request;
  const body = op.body.safeParse({}).success ? {} : SAMPLE_BODIES[op.operationId];
  if (body === undefined) throw new Error(`${op.operationId}: add a sample body to SAMPLE_BODIES`);
  expect(op.body.safeParse(body).success, `${op.operationId}'s sample body`).toBe(true);
  return { ...request, ...jsonBody(body, ORIGIN) };
}

describe('admin authorisation over the registry of operations', () => {
  const adminOps = operations.filter((op) => op.auth === 'admin');

  it('declares every operation under /api/v1/admin/ for administrators, and serves each from a route module', async () => {
    expect(adminOps.length).toBeGreaterThanOrEqual(6);
    for (const op of operations)
      if (op.path.startsWith('/api/v1/admin/')) expect(op.auth, op.operationId).toBe('admin');
    // No route under app/api/v1/admin/ serves anything the registry (and so this test) leaves out.
    const adminRoutes = Object.keys(routeModules).filter((f) => f.startsWith('/app/api/v1/admin/'));
    const served = await Promise.all(adminOps.map(async (op) => ({ op, handler: await handlerOf(op) })));
    for (const file of adminRoutes) {
      const routeModule = await routeModules[file]();
      for (const [method, handler] of Object.entries(routeModule))
        expect(
          served.some((s) => s.handler === handler),
          `${file} ${method} is an operation of the registry`,
        ).toBe(true);
    }
  });

  it('answers 401 to a guest, 403 to a normal session, cookie and API key, and lets an administrator in', async () => {
    const user = await signedUpUser('starter');
    const admin = await adminUser('starter');
    const callers = {
      guest: new RouteClient(),
      session: user.client,
      cookie: await browserFor(user.id),
      apiKey: await apiKeyClientOf(user),
      admin: admin.client,
      adminKey: await apiKeyClientOf(admin),
    };
    for (const op of adminOps) {
      const handler = await handlerOf(op);
      const statuses: Record<string, number> = {};
      for (const [who, client] of Object.entries(callers))
        statuses[who] = (await client.call(handler, requestFor(op))).status;
      const { admin: adminStatus, adminKey, ...others } = statuses;
      expect(others, op.operationId).toEqual({ guest: 401, session: 403, cookie: 403, apiKey: 403 });
      for (const status of [adminStatus, adminKey]) expect([401, 403], op.operationId).not.toContain(status);
    }
  });
});
