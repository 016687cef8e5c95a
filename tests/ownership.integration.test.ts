import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import { operations } from '@/lib/api/operations';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { ConversionIdParams } from '@/lib/schemas/common';
import type { AnyOperation } from '@/lib/schemas/operation';
import { handlerOf } from '@/tests/support/operation-handler';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

// Every operation on one conversion (its path names it by ConversionIdParams), called by a
// stranger on someone else's conversion: 403, nothing changes. Walked from the operations
// registry, so an operation added there is covered without editing this file.

const conversionOperations = operations.filter((op) => op.params === ConversionIdParams);

/** Each query an operation takes that changes what it does: one per value of an enum field (download's redirect). */
function queries(op: AnyOperation): string[] {
  const variants = [''];
  for (const [name, field] of Object.entries(op.query?.shape ?? {})) {
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    if (inner instanceof z.ZodEnum) for (const value of inner.options) variants.push(`?${name}=${String(value)}`);
  }
  return variants;
}

type Call = { name: string; call: (client: RouteClient) => Promise<Response> };

/** The requests of every conversion operation on conversion `id`; a JSON body is `{}` (the share link's defaults). */
async function endpoints(id: string): Promise<Call[]> {
  const calls: Call[] = [];
  for (const op of conversionOperations) {
    const handler = await handlerOf(op);
    const path = op.path.replace('{id}', id);
    const body = op.body ? { body: '{}', headers: { 'content-type': 'application/json' } } : {};
    for (const query of queries(op)) {
      const method = op.method.toUpperCase();
      const name = `${op.operationId}${query}`;
      calls.push({
        name,
        call: (client) => client.call(handler, { method, path: path + query, params: { id }, ...body }),
      });
    }
  }
  return calls;
}

async function ownedConversion(complete: boolean) {
  const owner = new RouteClient();
  const res = await owner.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), 'mine.png', 'webp'),
  });
  const { id } = await res.json();
  if (complete) await runConversion(BigInt(id));
  return { owner, id: String(id) };
}

describe("a stranger cannot touch another caller's conversion", () => {
  it('walks every conversion operation', () => {
    // The eight requests this file once listed by hand, at least (download twice: bytes and redirect).
    expect(conversionOperations.map((op) => op.operationId)).toEqual(
      expect.arrayContaining([
        'getConversionStatus',
        'downloadConversionResult',
        'getPresignedResultUrl',
        'streamConversionProgress',
        'cancelConversion',
        'retryConversion',
        'deleteConversion',
      ]),
    );
  });

  for (const complete of [false, true]) {
    it(`every endpoint answers 403 (conversion ${complete ? 'completed' : 'pending'})`, async () => {
      const { owner, id } = await ownedConversion(complete);
      const before = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
      const stranger = new RouteClient();
      for (const { name, call } of await endpoints(id)) {
        const res = await call(stranger);
        expect(res.status, name).toBe(403);
        expect((await res.json()).code, name).toBe('forbidden');
      }
      const after = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
      expect(after).toEqual(before);
      const mine = await owner.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } });
      expect(mine.status).toBe(200);
    });
  }

  it('a missing conversion answers 404 on every endpoint', async () => {
    const caller = new RouteClient();
    for (const { name, call } of await endpoints('4398046511104')) {
      const res = await call(caller);
      expect(res.status, name).toBe(404);
    }
  });

  it('a forged guest cookie is a different (new) guest, not the owner', async () => {
    const { id } = await ownedConversion(false);
    const forger = new RouteClient({ cookie: 'tm_guest=AAAAAAAAAAAAAAAAAAAAAAAA.forged' });
    const res = await forger.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toMatch(/^tm_guest=.+HttpOnly/);
  });

  it('invalid credentials answer 401 instead of falling back to a guest', async () => {
    const { id } = await ownedConversion(false);
    for (const headers of [
      { 'x-api-key': 'tm_nope' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic abc' },
    ] as Record<string, string>[]) {
      const res = await new RouteClient(headers).call(status.GET, {
        path: `/api/v1/convert/status/${id}`,
        params: { id },
      });
      expect(res.status).toBe(401);
    }
  });

  it('a cross-origin state change with the guest cookie is refused (CSRF)', async () => {
    const { owner, id } = await ownedConversion(false);
    const res = await owner.call(cancel.POST, {
      method: 'POST',
      path: `/api/v1/conversions/${id}/cancel`,
      params: { id },
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.status).toBe(403);
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).status).toBe('pending');
  });
});
