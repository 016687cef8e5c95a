import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { withApi } from '@/lib/api/with-api';
import { defineOperation } from '@/lib/schemas/operation';
import { json } from '@/lib/schemas/common';
import { adminUser, apiKeyClientOf, browserFor, signedUpUser } from '@/tests/support/accounts';
import { RouteClient } from '@/tests/support/route-client';

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
