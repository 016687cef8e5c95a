import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, randomEmail } from '../../tests/support/test-data';

// Accounts through the real pages and API: sign-up, dashboard, sign-out and sign-in, pricing and
// the mail-link pages' errors. The journeys that need a paid plan or a mailed token are in
// account-db.spec.ts.

async function register(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/v1/auth/register', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/sign-up');
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('sign-up-button').click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('sign-in-button').click();
}

test.describe('accounts', () => {
  test('signs up, sees the dashboard, signs out and signs in again', async ({ page }) => {
    const email = randomEmail();
    await signUp(page, email);

    // Lands signed in on the dashboard.
    await expect(page).toHaveURL(/\/dashboard(\?|$)/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('plan-name')).toHaveText('Free');
    await expect(page.getByTestId('plan-name')).toHaveAttribute('data-plan', 'free');
    await expect(page.getByTestId('email-verified-badge')).toHaveAttribute('data-verified', 'false');
    await expect(page.getByTestId('welcome-banner')).toContainText(email);
    await expect(page.getByTestId('usage-conversions')).toHaveAttribute('data-used', '0');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(mainNav.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

    // On Free, the API keys page says keys need a paid plan (as the API answers) and links to pricing.
    await page.getByTestId('dashboard-nav-api-keys').click();
    await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
    const refused = await page.request.post('/api/v1/api-keys', { data: { name: 'not allowed' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('plan_required');
    await expect(page.getByTestId('api-keys-plan-required')).toBeVisible();
    await expect(page.getByTestId('api-keys-plan-message')).toContainText('need a paid plan');
    await expect(page.getByTestId('api-keys-pricing-link')).toHaveAttribute('href', '/pricing');
    await expect(page.getByTestId('create-key-form')).toHaveCount(0);
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();

    // Sign out: the dashboard now sends to the sign-in page.
    await page.getByTestId('sign-out-button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.request.get('/api/v1/user/profile')).status()).toBe(401);

    // A wrong password is refused with a visible alert; the right one signs in.
    await signIn(page, email, 'not the password');
    const error = page.getByTestId('sign-in-error');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toContainText('Wrong e-mail address or password');
    await expect(page).toHaveURL(/\/sign-in$/);

    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
  });

  test('returns to the page asked for after signing in', async ({ page, request }) => {
    const email = randomEmail();
    await register(request, email);

    await page.goto('/dashboard/billing');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdashboard%2Fbilling$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByTestId('billing-plan')).toHaveAttribute('data-plan', 'free');
    await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'free');

    const { billing_enabled: billingEnabled } = (await (await request.get('/api/v1/subscriptions/plans')).json()) as {
      billing_enabled: boolean;
    };
    if (!billingEnabled)
      await expect(page.getByTestId('billing-disabled-notice')).toContainText(`npm run admin -- set-plan ${email}`);
  });

  test('validates the sign-up form and refuses an e-mail that has an account', async ({ page, request }) => {
    const email = randomEmail();
    await register(request, email);

    await signUp(page, 'not-an-email', 'short');
    await expect(page.getByTestId('email-error')).toBeVisible();
    await expect(page.getByTestId('password-error')).toContainText('at least 8 characters');
    await expect(page.getByTestId('email-input')).toBeFocused();

    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('password-input').fill(PASSWORD);
    await page.getByTestId('sign-up-button').click();
    const error = page.getByTestId('sign-up-error');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toContainText('already exists');
    await expect(error.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('pricing shows the four plans and their limits', async ({ page, request }) => {
    type Plan = {
      id: string;
      name: string;
      limits: { max_upload_bytes: number | null; daily_conversions: number | null };
    };
    const { plans, billing_enabled: billingEnabled } = (await (
      await request.get('/api/v1/subscriptions/plans')
    ).json()) as { plans: Plan[]; billing_enabled: boolean };

    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-plan')).toHaveCount(4);
    for (const plan of plans) {
      const card = page.locator(`[data-testid="pricing-plan"][data-plan="${plan.id}"]`);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      const upload = card.locator('[data-limit="max_upload_bytes"] dd');
      if (plan.limits.max_upload_bytes === null) await expect(upload).toHaveText('Unlimited');
      else await expect(upload).toHaveText(/^\d+(\.\d)? (B|kB|MB|GB|TB)$/);
      if (plan.limits.daily_conversions === null)
        await expect(card.locator('[data-limit="daily_conversions"] dd')).toHaveText('Unlimited');
    }
    if (!billingEnabled)
      await expect(page.getByTestId('billing-disabled-notice')).toContainText('npm run admin -- set-plan');
  });

  test('mail-link pages explain a bad or missing token', async ({ page }) => {
    await page.goto('/verify-email?token=not-a-real-token');
    const verifyError = page.getByTestId('verify-email-error');
    await expect(verifyError).toHaveAttribute('role', 'alert');
    await expect(verifyError).toContainText('invalid, expired or already used');

    await page.goto('/reset-password');
    await expect(page.getByTestId('reset-password-error')).toContainText('incomplete');

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByTestId('password-input').fill(PASSWORD);
    await page.getByTestId('confirm-input').fill(`${PASSWORD}!`);
    await page.getByTestId('reset-password-button').click();
    await expect(page.getByTestId('confirm-error')).toContainText('differ');
    await page.getByTestId('confirm-input').fill(PASSWORD);
    await page.getByTestId('reset-password-button').click();
    const resetError = page.getByTestId('reset-password-error');
    await expect(resetError).toHaveAttribute('role', 'alert');
    await expect(resetError).toContainText('invalid, expired or already used');

    // The answer is the same whether or not the account exists.
    await page.goto('/forgot-password');
    await page.getByTestId('email-input').fill(randomEmail());
    await page.getByTestId('forgot-password-button').click();
    await expect(page.getByTestId('forgot-password-sent')).toContainText('If an account exists');
  });
});
