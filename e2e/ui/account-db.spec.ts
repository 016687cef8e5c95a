import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';

// Account journeys that need the database the server uses (the test runner shares DATABASE_URL):
// a paid plan for API keys (as `npm run admin -- set-plan` sets it), and the tokens that would be
// mailed (MAIL_OUTBOX_DIR is unset here, so tokens are issued the way lib/accounts/email-tokens.ts does).

const PASSWORD = 'correct horse battery';

const randomEmail = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function withDb<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function setPlan(email: string, plan: 'free' | 'starter' | 'pro' | 'business') {
  const { rowCount } = await withDb((db) => db.query('UPDATE users SET plan = $2 WHERE email = $1', [email, plan]));
  expect(rowCount).toBe(1);
}

/** A single-use token for a mail link; only its SHA-256 is stored. */
async function issueToken(email: string, purpose: 'verify_email' | 'reset_password'): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const { rowCount } = await withDb((db) =>
    db.query(
      `INSERT INTO email_tokens (id, user_id, purpose, token_hash, expires_at)
       SELECT $1, id, $3::"EmailTokenPurpose", $4, now() + interval '1 hour' FROM users WHERE email = $2`,
      [`e2e${randomBytes(8).toString('hex')}`, email, purpose, hash],
    ),
  );
  expect(rowCount).toBe(1);
  return token;
}

async function signUp(page: Page, email: string) {
  await page.goto('/sign-up');
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('password-input').fill(PASSWORD);
  await page.getByTestId('sign-up-button').click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test.describe('accounts (database)', () => {
  test.skip(!process.env.DATABASE_URL, 'needs the DATABASE_URL of the server under test');

  test('on a paid plan, creates an API key, shows its secret once and deletes it', async ({ page, request }) => {
    const email = randomEmail();
    await signUp(page, email);
    await setPlan(email, 'starter');

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
    const status = (key: string) => request.get('/api/v1/convert/status/999999999', { headers: { 'X-API-Key': key } }).then((r) => r.status());
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

    const token = await issueToken(email, 'verify_email');
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
    expect((await request.post('/api/v1/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);

    const token = await issueToken(email, 'reset_password');
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
