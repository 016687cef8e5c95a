import { describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/api/v1/auth/register/route';
import { db } from '@/lib/db';
import { JSON_BODY_LIMIT_BYTES } from '@/lib/api/with-api';
import { RouteClient } from '@/tests/support/route-client';

// A JSON body is read only up to JSON_BODY_LIMIT_BYTES: a larger one, declared or merely sent, is a
// 413 before the handler runs, and a body that never ends is cut off there rather than read whole.

const email = () => `big-body-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
const padded = (address: string, bytes: number) =>
  JSON.stringify({ email: address, password: 'a long enough password', name: 'x'.repeat(bytes) });

/** POST /auth/register with `body` as JSON (and any other headers). */
const register = (body: BodyInit, headers: Record<string, string> = {}) =>
  new RouteClient().call(registerRoute.POST, {
    method: 'POST',
    path: '/api/v1/auth/register',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A body that sends 64 KiB chunks for as long as it is read; how many were pulled. */
function endlessBody() {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

describe('JSON bodies past their limit', () => {
  it('a body larger than the limit, without a declared length, is a 413 and changes nothing', async () => {
    const address = email();
    const res = await register(padded(address, JSON_BODY_LIMIT_BYTES));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/JSON body is larger than 1 MiB/);
    expect(await db.user.count({ where: { email: address } })).toBe(0);
  });

  it('a declared length past the limit is refused before a byte is read', async () => {
    const body = endlessBody();
    const res = await register(body.stream, { 'content-length': String(JSON_BODY_LIMIT_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(1); // a stream pulls its first chunk when it is made
  });

  it('a body that never ends is read up to the limit only', async () => {
    const body = endlessBody();
    const res = await register(body.stream);
    expect(res.status).toBe(413);
    expect(body.pulled() * 64 * 1024).toBeLessThan(JSON_BODY_LIMIT_BYTES + 4 * 64 * 1024);
  });

  it('a body within the limit is read as before', async () => {
    const address = email();
    const res = await register(JSON.stringify({ email: address, password: 'a long enough password' }));
    expect(res.status).toBe(200);
  });
});
