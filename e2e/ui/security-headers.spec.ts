import { expect, test, type Page } from '@playwright/test';

// Every page carries a strict Content-Security-Policy with a fresh script nonce, refuses framing,
// and keeps secrets in its URL out of referrers, while the page still runs (Next's scripts carry
// the nonce).

/** CSP violations and Permissions-Policy errors the browser reports while `page` is open. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Permissions-Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

for (const [path, referrer] of [
  ['/', 'strict-origin-when-cross-origin'],
  ['/pricing', 'strict-origin-when-cross-origin'],
  ['/docs', 'strict-origin-when-cross-origin'],
  ['/sign-in', 'strict-origin-when-cross-origin'],
  ['/s/no-such-link', 'no-referrer'],
  ['/reset-password?token=secret-from-a-mail', 'no-referrer'],
] as const) {
  test(`${path}: CSP with a nonce every script carries, no framing, Referrer-Policy ${referrer}`, async ({ page }) => {
    const violations = cspViolations(page);
    const response = (await page.goto(path))!;
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe(referrer);
    expect(headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);

    const nonce = nonceOf(csp)!;
    const scripts = await page
      .locator('script')
      .evaluateAll((els) =>
        els.map((el) => ({ nonce: (el as HTMLScriptElement).nonce, src: (el as HTMLScriptElement).src })),
      );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script, JSON.stringify(script)).toMatchObject({ nonce });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);

    const again = (await page.request.get(path)).headers()['content-security-policy'];
    expect(nonceOf(again)).not.toBe(nonce);
  });
}

test('the converter still works under the policy: its controls respond', async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto('/');
  // data-ready is set by the converter's client code once it has hydrated and loaded the formats.
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  expect(violations).toEqual([]);
});

test('a page cannot be framed by another site', async ({ page, baseURL }) => {
  const violations = cspViolations(page);
  await page.setContent(`<iframe src="${baseURL}/pricing"></iframe>`);
  await expect.poll(() => violations.some((v) => /frame-ancestors/.test(v))).toBe(true);
  expect(
    await page
      .frames()[1]
      .evaluate(() => document.title)
      .catch(() => ''),
  ).not.toMatch(/Transmute/);
});
