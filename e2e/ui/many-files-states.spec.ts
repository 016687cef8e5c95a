import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { makePng } from '../fixtures/files';
import { uploadSpeedControl } from '../fixtures/network';
import { chooseTarget } from '../fixtures/target-picker';

// The states a file of the many-files list passes through while it is worked on (uploading, paused,
// cancelled, converted) pass axe in both themes, and their actions answer the keyboard.

test('uploading, paused, cancelled and converted rows: axe in both themes, actions from the keyboard', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  // A slow link keeps the large file uploading while the page is checked.
  await (
    await uploadSpeedControl(page)
  )(100_000);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'slow.png', mimeType: 'image/png', buffer: randomBytes(4_000_000) },
    { name: 'quick.png', mimeType: 'image/png', buffer: await makePng(8, 8) },
  ]);
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await page.getByTestId('batch-convert').click();
  const slow = page.getByTestId('batch-file').filter({ hasText: 'slow.png' });
  const quick = page.getByTestId('batch-file').filter({ hasText: 'quick.png' });
  await expect(slow).toHaveAttribute('data-state', 'uploading');
  await expect(quick).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Pause slow.png' }).focus();
  await page.keyboard.press('Enter');
  await expect(slow).toHaveAttribute('data-state', 'paused');
  await expect(page.getByRole('button', { name: 'Resume slow.png' })).toBeFocused();
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Cancel slow.png' }).focus();
  await page.keyboard.press('Enter');
  await expect(slow).toHaveAttribute('data-state', 'cancelled');
  await expect(slow.getByTestId('batch-file-retry')).toBeVisible();
  await expectAccessibleInBothThemes(page);
});
