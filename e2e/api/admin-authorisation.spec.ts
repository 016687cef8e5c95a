import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, randomEmail } from '../../tests/support/test-data';

// Every administrators' operation of the running server, as its own OpenAPI document lists them
// (the document is built from the registry of operations, so an operation added there is walked
// here too), asked by a visitor without credentials (401), by an account that is not an
// administrator with its session token and its API key (403), and by an administrator (neither).

type Operation = { method: string; path: string; operationId: string; hasBody: boolean };

const admin = (...args: string[]) =>
  execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], { encoding: 'utf8' });

async function adminOperations(request: APIRequestContext): Promise<Operation[]> {
  const document = (await (await request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[]; operationId: string; requestBody?: unknown }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.tags?.includes('admin'))
      .map(([method, op]) => ({ method, path, operationId: op.operationId, hasBody: op.requestBody !== undefined })),
  );
}

/** A session token of a new account; `plan` through the admin command (an API key needs a paid plan). */
async function signedUp(request: APIRequestContext, plan?: string): Promise<{ email: string; token: string }> {
  const email = randomEmail('e2e-admin-auth');
  expect((await request.post('/api/v1/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(200);
  if (plan) admin('set-plan', email, plan);
  const tokens = await (await request.post('/api/v1/auth/token', { data: { email, password: PASSWORD } })).json();
  return { email, token: tokens.access_token as string };
}

async function call(request: APIRequestContext, op: Operation, headers: Record<string, string>): Promise<number> {
  // A path parameter names an account no one has: the role is checked before the resource is looked for.
  const url = op.path.replace(/\{[^}]+\}/g, 'no-such-account');
  const answer = await request.fetch(url, {
    method: op.method.toUpperCase(),
    headers,
    ...(op.hasBody ? { data: {} } : {}),
  });
  return answer.status();
}

test('every administrators operation answers 401 without credentials, 403 to any other account, and lets an administrator in', async ({
  request,
}) => {
  const operations = await adminOperations(request);
  // The walk is over what the server serves, so it cannot pass by walking nothing.
  expect(operations.map((op) => op.operationId)).toEqual(
    expect.arrayContaining(['adminListAccounts', 'adminUpdateAccount', 'adminDeleteAccount', 'adminListAudit']),
  );

  const member = await signedUp(request, 'pro');
  const key = await request.post('/api/v1/api-keys', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { name: 'not an admin' },
  });
  expect(key.status()).toBe(200);
  const apiKey = ((await key.json()) as { secret: string }).secret;

  const administrator = await signedUp(request);
  expect(admin('grant-admin', administrator.email)).toContain('admin');

  for (const op of operations) {
    const where = `${op.method.toUpperCase()} ${op.path}`;
    expect(await call(request, op, {}), `${where} without credentials`).toBe(401);
    expect(await call(request, op, { authorization: `Bearer ${member.token}` }), `${where} with a session`).toBe(403);
    expect(await call(request, op, { 'x-api-key': apiKey }), `${where} with an API key`).toBe(403);
    const asAdministrator = await call(request, op, { authorization: `Bearer ${administrator.token}` });
    expect([401, 403], `${where} as an administrator`).not.toContain(asAdministrator);
    expect(asAdministrator, `${where} as an administrator`).toBeLessThan(500);
  }
});
