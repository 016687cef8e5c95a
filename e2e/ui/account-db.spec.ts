import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { Plan } from '../../lib/generated/prisma/enums';
import { lastMailTo, tokenFromMail } from '../../tests/support/mail-outbox';
import { PASSWORD, randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';

// Account journeys past what the pages alone reach: a paid plan for API keys, set the way a
// self-hoster sets it (`npm run admin -- set-plan`, which finds the e2e server's database through
// DATABASE_URL or the URL scripts/test.sh recorded), and the mailed links, read from the outbox the
// e2e server writes to (MAIL_OUTBOX_DIR, set in playwright.config.ts).

function setPlan(email: string, plan: Plan) {
  const out = execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, plan], { encoding: 'utf8' });
  expect(out).toContain(`plan free → ${plan}`);
}

/** The token of the newest mail to `email` whose link goes to `page`. */
async function mailedToken(email: string, page: '/verify-email' | '/reset-password'): Promise<string> {
  const mail = await lastMailTo(email);
  expect(mail.text).toContain(`${page}?token=`);
  return tokenFromMail(mail.text);
}

test.describe('accounts (database)', () => {
  test('on a paid plan, creates an API key, shows its secret once and deletes it', async ({ page, request }) => {
    const email = randomEmail();
    await signUp(page, email);
    setPlan(email, 'starter');

    await page.goto('/dashboard/api-keys');
    await expect(page.getByTestId('api-keys-plan-required')).toHaveCount(0);
    await page.getByTestId('key-name-input').fill('e2e key');
    await page.getByTestId('create-key-button').click();

    const secretBox = page.getByTestId('new-key-secret');
    await expect(secretBox).toHaveValue(/^tm_/);
    await expect(page.getByTestId('new-key-warning')).toContainText('only time');
    const secret = await secretBox.inputValue();
    const row = page.getByTestId('api-key-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('api-key-name')).toHaveText('e2e key');
    const prefix = ((await row.getByTestId('api-key-prefix').textContent()) ?? '').replace('…', '');
    expect(secret.startsWith(prefix)).toBe(true);
    await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');

    // The key works (404 for a conversion that does not exist, where a bad key gets 401).
    const status = (key: string) =>
      request.get('/api/v1/convert/status/999999999', { headers: { 'X-API-Key': key } }).then((r) => r.status());
    expect(await status(secret)).toBe(404);
    expect(await status(`${secret}x`)).toBe(401);

    // The secret is never shown again.
    await page.getByTestId('dismiss-secret-button').click();
    await expect(page.getByTestId('new-key')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    await expect(page.getByTestId('new-key-secret')).toHaveCount(0);

    // Delete asks first; Escape keeps the key, confirming removes it.
    await page.getByTestId('delete-key-button').click();
    const dialog = page.getByTestId('delete-key-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('confirm-cancel')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);

    await page.getByTestId('delete-key-button').click();
    await dialog.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('api-key-row')).toHaveCount(0);
    await expect(page.getByTestId('api-keys-status')).toHaveText('API key e2e key deleted.');
    expect(await status(secret)).toBe(401);
  });

  test('confirms the e-mail address from the mail link, once', async ({ page }) => {
    const email = randomEmail();
    await signUp(page, email);
    await expect(page.getByTestId('email-verified-badge')).toHaveAttribute('data-verified', 'false');

    const token = await mailedToken(email, '/verify-email');
    await page.goto(`/verify-email?token=${token}`);
    await expect(page.getByTestId('verify-email-success')).toBeVisible();
    await page.getByTestId('verify-email-continue').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('email-verified-badge')).toHaveAttribute('data-verified', 'true');
    await expect(page.getByTestId('verify-email-reminder')).toHaveCount(0);

    await page.goto(`/verify-email?token=${token}`);
    await expect(page.getByTestId('verify-email-error')).toContainText('already used');
  });

  test('sets a new password from the reset link', async ({ page, request }) => {
    const email = randomEmail();
    expect((await request.post('/api/v1/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(200);

    const forgot = await request.post('/api/v1/auth/password-reset', { data: { email } });
    expect(forgot.status(), await forgot.text()).toBe(200);
    const token = await mailedToken(email, '/reset-password');
    const newPassword = `${PASSWORD} 2`;
    await page.goto(`/reset-password?token=${token}`);
    await page.getByTestId('password-input').fill(newPassword);
    await page.getByTestId('confirm-input').fill(newPassword);
    await page.getByTestId('reset-password-button').click();
    await expect(page.getByTestId('reset-password-success')).toBeVisible();

    await page.getByTestId('reset-password-sign-in').click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('password-input').fill(PASSWORD);
    await page.getByTestId('sign-in-button').click();
    await expect(page.getByTestId('sign-in-error')).toContainText('Wrong e-mail address or password');
    await page.getByTestId('password-input').fill(newPassword);
    await page.getByTestId('sign-in-button').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
  });
});
