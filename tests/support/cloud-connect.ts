// The OAuth connection flow through the real routes, against the loopback stand-in of each
// provider (tests/support/fake-cloud-provider.ts), for the cloud connection integration tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import * as callback from '@/app/api/v1/cloud/[provider]/callback/route';
import * as connect from '@/app/api/v1/cloud/[provider]/connect/route';
import * as files from '@/app/api/v1/cloud/[provider]/files/route';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';
import { FAKE_PROVIDERS, fakeCloudProvider, fakeProviderEnv } from '@/tests/support/fake-cloud-provider';
import { makePng } from '@/tests/support/fixtures';
import type { RouteClient } from '@/tests/support/route-client';

export type Provider = (typeof FAKE_PROVIDERS)[number];

/**
 * Starts the stand-in before the file's tests and points every provider at it (stopped after);
 * the guard makes any connection to anything but loopback throw. Read the fields inside tests.
 */
export function withFakeCloudProviders() {
  const state = {} as { png: Buffer; fake: ReturnType<typeof fakeCloudProvider> };
  let standIn: http.Server;
  let restoreEnv: () => void;
  let removeGuard: () => void;
  beforeAll(async () => {
    removeGuard = installLoopbackOnlyGuard();
    state.png = await makePng();
    state.fake = fakeCloudProvider(state.png);
    standIn = http.createServer(state.fake.handler);
    await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()));
    const origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
    restoreEnv = overrideEnv({
      OUTBOUND_ALLOW_HOSTS: new URL(origin).host,
      ...Object.assign({}, ...FAKE_PROVIDERS.map((p) => fakeProviderEnv(origin, p))),
    });
  });
  afterAll(() => {
    restoreEnv();
    removeGuard();
    standIn.closeAllConnections();
    standIn.close();
  });
  return state;
}

export const at = (provider: string) => ({ params: { provider } });

export const startConnect = (client: RouteClient, provider: string) =>
  client.call(connect.POST, { method: 'POST', path: `/api/v1/cloud/${provider}/connect`, ...at(provider) });

/** The provider's consent: follows the authorize URL on the stand-in and returns the callback path it redirects to. */
export async function consent(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return `${back.pathname}${back.search}`;
}

export const finish = (client: RouteClient, provider: string, path: string) =>
  client.call(callback.GET, { path, ...at(provider) });

export const list = (client: RouteClient, provider: string, query = '') =>
  client.call(files.GET, { path: `/api/v1/cloud/${provider}/files${query}`, ...at(provider) });

/** A new account connected to `provider`. */
export async function connected(provider: Provider) {
  const user = await signedUpUser();
  const start = await startConnect(user.client, provider);
  expect(start.status).toBe(200);
  const { authorize_url } = await start.json();
  const res = await finish(user.client, provider, await consent(authorize_url));
  expect(res.status, await res.clone().text()).toBe(302);
  return user;
}
