import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { makePng } from '../fixtures/files';
import { expectFitsThePhone, SCREENS, SIZES } from '../fixtures/screen-sizes';

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
  });
}
