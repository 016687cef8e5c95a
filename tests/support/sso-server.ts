import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { freePort } from '@/tests/support/multi-process-cluster';
import { type Person, startOidcProvider, type TestProvider } from '@/tests/support/oidc-provider';
import { type SsoBrowser } from '@/tests/support/sso-browser';
import { waitFor } from '@/tests/support/wait-for';

// The SSO tests' real web server (scripts/server.ts, Next in development mode, as
// tests/all-in-one.integration.test.ts runs it), pointed at the test's OpenID provider, and what
// the tests check after each sign-in.

export type SsoServer = { child: ChildProcess; url: string; output: () => string };

async function startSsoServer(
  port: number,
  provider: TestProvider,
  env: Record<string, string>,
  dataDir: string,
): Promise<SsoServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts', '--dev'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      APP_SECRET: config.appSecret,
      NEXT_TELEMETRY_DISABLED: '1',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Acme ID',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  await waitFor(
    () => text,
    (t) => t.includes('[web] development server') || child.exitCode !== null,
    { timeoutMs: 120_000, intervalMs: 200 },
  );
  if (child.exitCode !== null) throw new Error(`the server exited at start:\n${text}`);
  return { child, url: `http://127.0.0.1:${port}`, output: () => text };
}

async function stopSsoServer(server: SsoServer | undefined) {
  const pid = server?.child.pid;
  if (!pid || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  process.kill(-pid, 'SIGTERM');
  await exited;
}

/** A real OpenID provider on loopback and a Transmute server that signs in through it, in a DATA_DIR of its own. */
export type SsoStand = { provider: TestProvider; server: SsoServer; dataDir: string };

/** Starts a stand whose server runs with `env` on top of the provider's settings. */
export async function startSsoStand(env: Record<string, string>): Promise<SsoStand> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sso-'));
  const port = await freePort();
  const provider = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/callback/oidc`);
  try {
    return { provider, server: await startSsoServer(port, provider, env, dataDir), dataDir };
  } catch (e) {
    await provider.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
}

export async function stopSsoStand(stand: SsoStand | undefined) {
  if (!stand) return;
  await stopSsoServer(stand.server);
  await stand.provider.stop();
  await rm(stand.dataDir, { recursive: true, force: true });
}

export const usersAt = (email: string) => db.user.count({ where: { email } });

/** A new person at the provider, signed in next; their subject. */
export function person(provider: TestProvider, claims: Person): string {
  const sub = `sub-${randomBytes(6).toString('hex')}`;
  provider.people.set(sub, claims);
  provider.signInAs(sub);
  return sub;
}

/** No session cookie, and the profile refuses the browser. */
export async function expectNoSession(browser: SsoBrowser) {
  expect(browser.hasSession()).toBe(false);
  expect((await browser.profile()).status).toBe(401);
}
