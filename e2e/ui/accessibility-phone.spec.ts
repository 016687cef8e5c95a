import { expect, test } from '@playwright/test';
import { randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { PHONE } from '../fixtures/screen-sizes';
import { ACCOUNT_AND_MISSING_PAGES } from '../fixtures/pages';

// axe at 390 px (touch), light and dark: every page of the site's shell, the menu open, the format
// reference searched and empty, and the dashboard with its menu.

test.use(PHONE);

const PAGES = ['/', '/formats', '/pricing', '/docs', '/stats', ...ACCOUNT_AND_MISSING_PAGES];

async function openMenu(page: import('@playwright/test').Page) {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

for (const path of PAGES) {
  test(`${path}`, async ({ page }) => {
    // The API reference is long: axe takes its time over it, twice.
    if (path === '/docs') test.slow();
    await page.goto(path);
    await expectAccessibleInBothThemes(page);
  });
}

// The menu is the same on every page: open over the converter and over the format reference.
for (const path of ['/', '/formats']) {
  test(`${path} with the menu open`, async ({ page }) => {
    await page.goto(path);
    await openMenu(page);
    await expectAccessibleInBothThemes(page);
  });
}

test('the format reference searched, with no result, and with a row shown in full', async ({ page }) => {
  await page.goto('/formats?q=heic%20to%20jpg');
  await expect(page.getByTestId('format-target')).toHaveCount(1);
  await expectAccessibleInBothThemes(page);
  await page.getByRole('searchbox', { name: 'Search formats' }).fill('qqqzzz');
  await expect(page.getByRole('button', { name: 'Show every format' })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole('button', { name: 'Show every format' }).click();
  await page
    .getByRole('button', { name: /^Show all \d+ targets$/ })
    .first()
    .click();
  await expectAccessibleInBothThemes(page);
});

test('the dashboard pages, signed in, with the menu open on the first', async ({ page }) => {
  await signUp(page, randomEmail());
  for (const path of [
    '/dashboard',
    '/dashboard/conversions',
    '/dashboard/api-keys',
    '/dashboard/webhooks',
    '/dashboard/team',
    '/dashboard/billing',
  ]) {
    await page.goto(path);
    await expectAccessibleInBothThemes(page);
  }
  await page.goto('/dashboard');
  await openMenu(page);
  await expectAccessibleInBothThemes(page);
});
