import { expect, test, type Page } from '@playwright/test';
import { PHONE } from '../fixtures/screen-sizes';

// The /formats reference: every format with its targets, searched as one types (a word or a pair),
// the search kept in the address, each pair a link that opens the converter with it chosen.

const row = (page: Page, format: string) => page.locator(`[data-testid="format-row"][data-format="${format}"]`);
const summary = (page: Page) => page.getByRole('status').filter({ hasText: /format|conversion/ });

for (const [size, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['390 px, touch', PHONE],
] as const) {
  test.describe(size, () => {
    test.use(options);

    test('a word and a pair narrow the list as one types, and the address keeps the search', async ({ page }) => {
      await page.goto('/formats');
      await expect(summary(page)).toHaveText(/^\d{3} formats, [\d,]{5} conversions\.$/);
      const allRows = await page.getByTestId('format-row').count();
      expect(allRows).toBeGreaterThan(50);

      const search = page.getByRole('searchbox', { name: 'Search formats' });
      await search.fill('heic');
      await expect(page).toHaveURL(/\/formats\?q=heic$/);
      await expect(row(page, 'heic')).toBeVisible();
      await expect(row(page, 'heic').getByRole('heading')).toHaveText('HEIC');
      const toJpg = row(page, 'heic').getByRole('link', { name: 'HEIC to JPG', exact: true });
      await expect(toJpg).toHaveAttribute('href', '/?from=heic&to=jpg');
      expect(await page.getByTestId('format-row').count()).toBeLessThan(5);
      await expect(summary(page)).toContainText('“heic”');

      await search.fill('heic to jpg');
      await expect(page).toHaveURL(/\/formats\?q=heic%20to%20jpg$/);
      await expect(page.getByTestId('format-row')).toHaveCount(1);
      await expect(page.getByTestId('format-target')).toHaveCount(1);
      await expect(summary(page)).toHaveText('1 conversion from 1 format matches “heic to jpg”.');

      await search.fill('');
      await expect(page).toHaveURL(/\/formats$/);
      await expect(page.getByTestId('format-row')).toHaveCount(allRows);
    });

    test('a shared address opens filtered; the pair link opens the converter with it chosen', async ({ page }) => {
      await page.goto('/formats?q=heic2jpg');
      await expect(page.getByRole('searchbox', { name: 'Search formats' })).toHaveValue('heic2jpg');
      await expect(page.getByTestId('format-target')).toHaveCount(1);
      await page.getByRole('link', { name: 'HEIC to JPG', exact: true }).click();
      await expect(page).toHaveURL(/\/\?from=heic&to=jpg$/);
    });
  });
}

test('spellings of a pair, an empty result in words, and a long target list shown in full on demand', async ({
  page,
}) => {
  await page.goto('/formats');
  const search = page.getByRole('searchbox', { name: 'Search formats' });
  for (const q of ['HEIC → JPG', 'heic->jpeg', '.heic to .jpg']) {
    await search.fill(q);
    await expect(page.getByTestId('format-target'), q).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'HEIC to JPG', exact: true }), q).toBeVisible();
  }

  await search.fill('qqqzzz');
  await expect(summary(page)).toHaveText('No format matches “qqqzzz”.');
  await expect(page.getByTestId('format-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show every format' }).click();
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/formats$/);

  // A family shows its common formats first and the rest on demand.
  const images = page.locator('[data-testid="format-family"][data-family="image"]');
  const allImages = images.getByRole('button', { name: /^Show all \d+ formats in Images$/ });
  const imageCount = Number((await allImages.innerText()).match(/\d+/)![0]);
  await expect(images.getByTestId('format-row')).toHaveCount(8);
  await expect(allImages).toHaveAttribute('aria-expanded', 'false');
  await allImages.click();
  await expect(images.getByTestId('format-row')).toHaveCount(imageCount);
  await expect(images.getByRole('button', { name: 'Show fewer formats in Images' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(imageCount).toBeGreaterThan(50);

  // PNG converts to more than the row shows at first: "Show all" reveals the rest, and says so.
  const png = row(page, 'png');
  const shown = await png.getByTestId('format-target').count();
  const more = png.getByRole('button', { name: /^Show all \d+ targets$/ });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const total = Number((await more.innerText()).match(/\d+/)![0]);
  expect(total).toBeGreaterThan(shown);
  await more.click();
  await expect(png.getByTestId('format-target')).toHaveCount(total);
  await expect(png.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
});

test('typing stays responsive over the whole list', async ({ page }) => {
  await page.goto('/formats');
  const search = page.getByRole('searchbox', { name: 'Search formats' });
  await search.focus();
  // Each key is answered at once; the list follows (deferred), so a word typed fast lands whole.
  const started = Date.now();
  await page.keyboard.type('spreadsheet', { delay: 20 });
  await expect(search).toHaveValue('spreadsheet');
  await expect(row(page, 'xlsx')).toBeVisible();
  expect(Date.now() - started).toBeLessThan(3_000);
});
