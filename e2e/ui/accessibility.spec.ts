import { expect, test } from '@playwright/test';
import { randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';
import { seriousViolations } from '../fixtures/axe';
import { completedConversion } from '../fixtures/conversions';
import { filePart, makePng } from '../fixtures/files';
import { ACCOUNT_AND_MISSING_PAGES } from '../fixtures/pages';

// axe on every dashboard page, the API reference, pricing, statistics, the format reference (all,
// searched, nothing found), the sign-in pages and the 404 page, in light and dark mode:
// no serious or critical violation.

const DASHBOARD = [
  '/dashboard',
  '/dashboard/conversions',
  '/dashboard/team',
  '/dashboard/api-keys',
  '/dashboard/billing',
  '/dashboard/webhooks',
];
const PUBLIC = [
  '/docs',
  '/pricing',
  '/stats',
  '/',
  '/formats',
  '/formats?q=heic',
  '/formats?q=qqqzzz',
  ...ACCOUNT_AND_MISSING_PAGES,
];

// The check itself: a page with faint text and an image without a text alternative fails it.
test('the check reports the serious violations of a page that has them', async ({ page }) => {
  await page.setContent(
    '<main><p style="color:#767676;background:#808080">faint text</p><img src="/icon.svg" width="8" height="8"></main>',
  );
  expect(await seriousViolations(page)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^color-contrast \(1\)/), expect.stringMatching(/^image-alt \(1\)/)]),
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    for (const path of PUBLIC) {
      test(`${path} has no serious violations`, async ({ page }) => {
        await page.goto(path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the share dialog with its links, and the share page of a protected link', async ({ page }) => {
      await signUp(page, randomEmail());
      await completedConversion(page.request, filePart(await makePng(8, 8), 'a11y.png', 'image/png'), 'webp');
      await page.goto('/dashboard/conversions');
      await page.getByTestId('share-conversion').first().click();
      await page.getByTestId('share-dialog').getByRole('textbox', { name: 'Password (optional)' }).fill('open sesame');
      await page.getByRole('button', { name: 'Create link' }).click();
      await expect(page.getByTestId('share-link')).toHaveCount(1);
      expect(await seriousViolations(page), 'share dialog').toEqual([]);
      const url = await page.getByTestId('share-url').inputValue();
      await page.goto(new URL(url).pathname);
      await expect(page.getByLabel('Password')).toBeVisible();
      expect(await seriousViolations(page), 'share page').toEqual([]);
    });

    test('the other theme chosen with the theme control', async ({ page }) => {
      await page.goto('/');
      await page.getByTestId('theme-select').selectOption(colorScheme === 'light' ? 'dark' : 'light');
      for (const path of ['/', '/pricing']) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test('every dashboard page has no serious violations', async ({ page }) => {
      await signUp(page, randomEmail());
      for (const path of DASHBOARD) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}
