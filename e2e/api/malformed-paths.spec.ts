import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

// A path whose percent-escape does not decode used to reach Next's router, which answered a
// plain-text 500 before any handler ran; the web server (scripts/server.ts) answers 400 first.
// Through the real server only: in-process route tests never see the router.

const BROKEN = ['%E0%A4%A', '%C0%AE', '%'];
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const CREDENTIALS: Array<Record<string, string>> = [
  {},
  { 'x-api-key': 'tm_not_a_key' },
  { authorization: 'Bearer x.y.z' },
];

/** Paths with a broken escape: in place of every parameter (if any), and appended as a segment. */
function brokenPaths(template: string, broken: string): string[] {
  const filled = template.replace(/\{[^}]+\}/g, '1');
  const inParams = template.includes('{') ? [template.replace(/\{[^}]+\}/g, `a${broken}`)] : [];
  return [...inParams, `${filled.replace(/\/$/, '')}/${broken}`, `${filled}${broken}`];
}

/** Every page of app/ as a path template (route groups dropped, `[name]` as `{name}`). */
function pageTemplates(): string[] {
  const app = path.resolve(__dirname, '../../app');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'api') walk(path.join(dir, entry.name));
      else if (entry.name === 'page.tsx') {
        const segments = path.relative(app, dir).split(path.sep).filter(Boolean);
        const kept = segments.filter((s) => !/^\(.+\)$/.test(s)).map((s) => s.replace(/^\[(.+)\]$/, '{$1}'));
        found.push('/' + kept.join('/'));
      }
    }
  };
  walk(app);
  return found;
}

async function send(request: APIRequestContext, method: string, url: string, headers: Record<string, string>) {
  return request.fetch(url, { method: method.toUpperCase(), headers, maxRedirects: 0, failOnStatusCode: false });
}

test('every documented operation answers 400 bad_request in JSON for a malformed path', async ({ request }) => {
  const doc = (await (await request.get('/api/v1/openapi.json')).json()) as { paths: Record<string, object> };
  const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.has(m))
      .map((method) => ({ template, method })),
  );
  expect(operations.length).toBeGreaterThan(50);
  const failures: string[] = [];
  let sent = 0;
  for (const { template, method } of operations) {
    for (const [i, broken] of BROKEN.entries()) {
      for (const url of brokenPaths(template, broken)) {
        const res = await send(request, method, url, CREDENTIALS[i % CREDENTIALS.length]);
        sent++;
        const label = `${method.toUpperCase()} ${url}: ${res.status()}`;
        if (res.status() !== 400) failures.push(label);
        else if (method !== 'head') {
          const body = await res.json().catch(() => null);
          if (body?.code !== 'bad_request' || typeof body?.error !== 'string') failures.push(`${label} body`);
          if (!res.headers()['x-request-id']) failures.push(`${label} without X-Request-Id`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(400);
});

test('every page answers the not-found page with 400 for a malformed path', async ({ request }) => {
  const templates = pageTemplates();
  expect(templates).toContain('/s/{token}');
  const failures: string[] = [];
  for (const template of templates) {
    for (const broken of BROKEN) {
      for (const url of brokenPaths(template, broken)) {
        const res = await send(request, 'get', url, {});
        const html = await res.text();
        if (res.status() !== 400) failures.push(`${url}: ${res.status()}`);
        else if (!html.includes('Page not found')) failures.push(`${url}: not the not-found page`);
      }
    }
  }
  expect(failures).toEqual([]);
  // A page's other methods are refused too, never a 500.
  for (const method of ['post', 'head']) expect((await send(request, method, '/s/%C0%AE', {})).status()).toBe(400);
});

test('next-auth answers 400 to a JSON body that does not parse, and still works', async ({ request }) => {
  for (const action of ['signin', 'signin/credentials', 'callback/credentials', 'signout']) {
    for (const data of ['{"csrfToken":', 'null', '[1]']) {
      const res = await request.post(`/api/auth/${action}`, {
        headers: { 'content-type': 'application/json' },
        data,
        maxRedirects: 0,
      });
      expect(res.status(), `${action} ${data}`).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', error: expect.any(String) });
    }
  }
  const csrf = await request.get('/api/auth/csrf');
  expect(csrf.status()).toBe(200);
  const { csrfToken } = await csrf.json();
  const signOut = await request.post('/api/auth/signout', {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ csrfToken }),
    maxRedirects: 0,
  });
  expect(signOut.status()).toBeLessThan(400);
});
