import { expect, test, type APIRequestContext } from '@playwright/test';
import { makePng } from '../fixtures/files';
import { uploadOk } from '../fixtures/conversions';
import { PASSWORD, randomEmail } from '../../tests/support/test-data';

async function account(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
) {
  const email = randomEmail('e2e');
  const anon = await playwright.request.newContext({ baseURL });
  const reg = await anon.post('/api/v1/auth/register', { data: { email, password: PASSWORD } });
  expect(reg.status()).toBe(200);
  const tokens = await (await anon.post('/api/v1/auth/token', { data: { email, password: PASSWORD } })).json();
  await anon.dispose();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${tokens.access_token}` },
  });
  return { email, tokens, api };
}

test('register, sign in, profile and subscription over the API', async ({ playwright, baseURL }) => {
  const { email, api } = await account(playwright, baseURL);
  expect(await (await api.get('/api/v1/user/profile')).json()).toMatchObject({
    email,
    plan: 'free',
    email_verified: false,
  });
  expect(await (await api.get('/api/v1/subscriptions/me')).json()).toMatchObject({
    plan: 'free',
    usage: { conversions_today: 0 },
  });
  const created = await api.post('/api/v1/api-keys', { data: { name: 'x' } });
  expect(created.status()).toBe(403);
  await api.dispose();
});

test("one account cannot touch another account's conversion or API key", async ({ playwright, baseURL }) => {
  const a = await account(playwright, baseURL);
  const b = await account(playwright, baseURL);
  const conv = await uploadOk(a.api, await makePng(), 'a.png', 'webp');
  for (const call of [
    () => b.api.get(`/api/v1/convert/status/${conv.id}`),
    () => b.api.get(`/api/v1/convert/download/${conv.id}`),
    () => b.api.get(`/api/v1/convert/presigned-url/${conv.id}`),
    () => b.api.get(`/api/v1/conversions/${conv.id}/progress`),
    () => b.api.post(`/api/v1/conversions/${conv.id}/cancel`),
    () => b.api.delete(`/api/v1/conversions/${conv.id}`),
  ]) {
    expect((await call()).status()).toBe(403);
  }
  expect((await a.api.get(`/api/v1/convert/status/${conv.id}`)).status()).toBe(200);
  await a.api.dispose();
  await b.api.dispose();
});

test('bearer endpoints refuse missing and API-key credentials with 401', async ({ playwright, baseURL }) => {
  const anon = await playwright.request.newContext({ baseURL });
  for (const path of ['/api/v1/user/profile', '/api/v1/subscriptions/me', '/api/v1/api-keys']) {
    expect((await anon.get(path)).status(), path).toBe(401);
    expect((await anon.get(path, { headers: { 'x-api-key': 'tm_whatever' } })).status(), path).toBe(401);
  }
  const plans = await (await anon.get('/api/v1/subscriptions/plans')).json();
  expect(plans.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'starter', 'pro', 'business']);
  await anon.dispose();
});
