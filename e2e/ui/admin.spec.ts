import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { runSql } from '../fixtures/database';
import { SCREENS } from '../fixtures/screen-sizes';

// The admin console (app/admin/) through its pages: an administrator finds an account, changes its
// plan, disables it (its API key then answers 401) and reads the audit log; every console page
// answers 403 to another account and sends a signed-out visitor to sign in.

function admin(...args: string[]) {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], { encoding: 'utf8' });
}

/**
 * Every page of the console, from the files under app/admin/ (a `page.tsx` per route; route groups
 * `(x)` add nothing to the path), so a page added later is checked too.
 */
function consolePages(dir = path.resolve('app/admin'), route = '/admin'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'page.tsx' ? [route] : [];
    if (!entry.isDirectory()) return [];
    const segment = /^\(.*\)$/.test(entry.name) ? '' : `/${entry.name}`;
    return consolePages(path.join(dir, entry.name), `${route}${segment}`);
  });
}

/** An account made through the API, on Starter so it may have an API key, with one key. */
async function accountWithApiKey(request: APIRequestContext, email: string): Promise<string> {
  expect((await request.post('/api/v1/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(200);
  admin('set-plan', email, 'starter');
  const tokens = await (await request.post('/api/v1/auth/token', { data: { email, password: PASSWORD } })).json();
  const res = await request.post('/api/v1/api-keys', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { name: 'e2e key' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { secret: string }).secret;
}

const keyStatus = (request: APIRequestContext, key: string) =>
  request.get('/api/v1/convert/status/999999999', { headers: { 'X-API-Key': key } }).then((r) => r.status());

async function accountRow(page: Page, email: string) {
  const row = page.getByTestId('account-row').filter({ has: page.getByText(email, { exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

test('the console has pages to check', () => {
  expect(consolePages()).toEqual(expect.arrayContaining(['/admin', '/admin/teams', '/admin/service', '/admin/audit']));
});

test('an administrator finds an account, changes its plan, disables it and sees it in the audit log', async ({
  page,
  request,
}) => {
  const adminEmail = randomEmail('e2e-admin');
  await signUp(page, adminEmail);
  expect(admin('grant-admin', adminEmail)).toContain('role user → admin');
  // A distinctive middle part of the address is what the administrator types.
  const marker = `find${Date.now().toString(36)}`;
  const email = `someone-${marker}-x@example.test`;
  const key = await accountWithApiKey(request, email);
  expect(await keyStatus(request, key)).toBe(404); // the key works: no such conversion

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByTestId('account-search-input').fill(marker.toUpperCase());
  await page.getByTestId('account-search-input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${marker.toUpperCase()}$`));
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  let row = await accountRow(page, email);
  await expect(row.getByTestId('account-plan')).toContainText('starter');
  await expectAccessibleInBothThemes(page);

  // A live Stripe subscription would set the plan again: the dialog says so once the plan is changed.
  await runSql("UPDATE users SET stripe_subscription_id = 'sub_e2e', subscription_status = 'active' WHERE email = $1", [
    email,
  ]);
  await row.getByTestId('manage-account').click();
  const dialog = page.getByTestId('account-dialog');
  await expect(dialog.getByRole('heading', { name: email })).toBeVisible();
  await dialog.getByTestId('plan-select').selectOption('pro');
  await dialog.getByTestId('change-plan').click();
  await expect(dialog.getByTestId('stripe-managed-warning')).toContainText(
    'Plan set to pro. The account has a live Stripe subscription',
  );
  await expect(row.getByTestId('account-plan')).toContainText('pro');
  await page.screenshot({ path: `${SCREENS}/admin-account-dialog.png`, fullPage: true });
  await expectAccessibleInBothThemes(page);

  await dialog.getByTestId('disable-account').click();
  await expect(dialog.getByTestId('account-dialog-done')).toContainText('disabled');
  await expect(dialog.getByTestId('enable-account')).toBeVisible();
  await dialog.getByTestId('account-dialog-close').click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('account-status')).toContainText('disabled');
  expect(await keyStatus(request, key)).toBe(401);

  // The page read again from the server says the same.
  await page.reload();
  row = await accountRow(page, email);
  await expect(row.getByTestId('account-plan')).toContainText('pro');
  await expect(row.getByTestId('account-status')).toContainText('disabled');

  // An invitation to sign up: the link is shown once (and mailed).
  const invitee = randomEmail('e2e-invitee');
  await page.getByTestId('sign-up-invite-email').fill(invitee);
  await page.getByTestId('sign-up-invite-button').click();
  await expect(page.getByTestId('sign-up-invite-link')).toContainText(invitee);
  await expect(page.getByTestId('sign-up-invite-url')).toContainText(/\/sign-up\?.*=/);

  await page.getByTestId('admin-nav-audit').click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const entries = page.getByTestId('audit-row').filter({ has: page.getByText(email, { exact: true }) });
  // Newest first: the disabling, the plan change, then the command line's set-plan.
  await expect(entries.nth(0).getByTestId('audit-what')).toContainText('disabled: false → true');
  await expect(entries.nth(0)).toContainText(adminEmail);
  await expect(entries.nth(1).getByTestId('audit-what')).toContainText('plan: starter → pro');
  await expect(entries.nth(2)).toContainText('cli');
  await expectAccessibleInBothThemes(page);

  for (const path of ['/admin/teams', '/admin/service']) {
    await page.goto(path);
    await expectAccessibleInBothThemes(page);
  }
  await expect(page.getByTestId('health-status')).toHaveText('Ready');
  await expect(page.locator('[data-testid="config-row"][data-name="APP_SECRET"]')).toContainText(/set/);

  // On a phone every page fits the window: tables become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of consolePages()) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('every console page sends a signed-out visitor to sign in and answers 403 to an account that is not an administrator', async ({
  page,
}) => {
  const pages = consolePages();
  for (const path of pages) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/sign-in' && url.searchParams.get('callbackUrl') === path);
  }

  await signUp(page, randomEmail('e2e-not-admin'));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId('forbidden-page')).toBeVisible();
    await expect(page.getByTestId('accounts-table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  }
  await expectAccessibleInBothThemes(page);
});
