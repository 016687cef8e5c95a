import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { makePng } from '../fixtures/files';
import { expectFitsThePhone, SCREENS, SIZES } from '../fixtures/screen-sizes';
import { chooseTarget } from '../fixtures/target-picker';

// One file on the converter, at a desktop's size and a phone's: its default target converts with no
// choice made, and the image result shows beside its original with both sizes and the change.

for (const size of SIZES) {
  test.describe(`one file at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('a PNG converts to its default JPG, shown before and after with the sizes', async ({ page }) => {
      const png = await makePng(120, 80);
      await page.goto('/');
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      await page.getByTestId('file-input').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByTestId('target-select')).toHaveAttribute('data-value', 'jpg');
      await page.screenshot({ path: `${SCREENS}/converter-one-file-${size.name}.png`, fullPage: true });
      await expectAccessibleInBothThemes(page);
      if (size.touch) await expectFitsThePhone(page);

      await page.getByTestId('convert-button').click();
      await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
      const pair = page.getByTestId('before-after');
      await expect(pair.getByTestId('source-preview').locator('img')).toHaveAttribute('alt', 'Original red.png');
      const result = pair.getByTestId('preview').locator('img');
      await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
      await expect(page.getByTestId('size-change')).toHaveAttribute('data-before', String(png.length));
      await expect(page.getByTestId('size-change')).toHaveText(/^\d+ B → [\d.]+ k?B, [−+±]\d+ %$/);
      await page.screenshot({ path: `${SCREENS}/converter-one-file-done-${size.name}.png`, fullPage: true });
      await expectAccessibleInBothThemes(page);
      if (size.touch) await expectFitsThePhone(page);
    });

    test('WebP offers its encoder effort, which goes with the upload; JPEG does not offer it', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      const png = await makePng(120, 80);
      await page.getByTestId('file-input').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByTestId('target-select')).toHaveAttribute('data-value', 'jpg');
      await page.getByTestId('options-panel').locator('summary').click();
      await expect(page.getByTestId('option-quality')).toBeVisible();
      await expect(page.getByTestId('option-effort')).toHaveCount(0);

      await chooseTarget(page.getByTestId('target-select'), 'webp');
      const effort = page.getByTestId('option-effort');
      await expect(page.getByText('Effort (0–6, default 2; higher is slower and smaller)')).toBeVisible();
      await effort.fill('6');
      await page.screenshot({ path: `${SCREENS}/converter-webp-effort-${size.name}.png`, fullPage: true });
      if (size.touch) await expectFitsThePhone(page);

      // The resumable upload's creation carries the options in its metadata (base64 values).
      const creation = page.waitForRequest(
        (r) => r.method() === 'POST' && r.headers()['upload-metadata'] !== undefined,
      );
      await page.getByTestId('convert-button').click();
      const metadata = Object.fromEntries(
        (await creation)
          .headers()
          ['upload-metadata'].split(',')
          .map((pair) => pair.trim().split(' '))
          .map(([key, value]) => [key, Buffer.from(value ?? '', 'base64').toString()]),
      );
      expect(metadata).toMatchObject({ target_format: 'webp', options: '{"effort":6}' });
      await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    });
  });
}
