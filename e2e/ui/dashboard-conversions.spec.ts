import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { seriousViolations } from '../fixtures/axe';
import { runSql } from '../fixtures/database';
import { completedConversion } from '../fixtures/conversions';
import { filePart, makePng } from '../fixtures/files';
import { randomEmail } from '../../tests/support/test-data';

// The dashboard's list of conversions: filtered by status, format and the days they were made on,
// several deleted at once, and the usage chart saying what is left of today's allowance.

/** Converts a PNG with the page's own cookies and waits until it is finished; returns its id. */
const convert = async (page: Page, name: string, target: string) =>
  completedConversion(page.request, filePart(await makePng(10, 10), name, 'image/png'), target);

const names = (page: Page) =>
  page.getByTestId('conversion-row').locator('td:nth-child(2) span.block').allTextContents();

for (const colorScheme of ['light', 'dark'] as const) {
  test(`filters by status, format and day, deletes a selection at once, and says today's allowance left (${colorScheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    const email = randomEmail();
    await signUp(page, email);
    execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], { encoding: 'utf8' });
    const jan = await convert(page, 'jan.png', 'webp');
    await convert(page, 'photo.png', 'jpg');
    await convert(page, 'one.png', 'webp');
    const two = await convert(page, 'two.png', 'webp');
    // Made in January, as far as the list knows.
    await runSql(`UPDATE conversions SET created_at = '2026-01-15T12:00:00Z' WHERE id = $1`, [jan]);

    await page.goto('/dashboard/conversions');
    await expect(page.getByTestId('usage-today')).toHaveText(
      'Today (UTC): 4 conversions, 996 of 1000 left (renews at 00:00 UTC).',
    );
    await expect(page.getByTestId('usage-today')).toHaveAttribute('data-left', '996');
    expect(await names(page)).toEqual(['two.png', 'one.png', 'photo.png', 'jan.png']);

    // Days (UTC, both ends included), then format and status; the filter is in the address.
    await page.getByTestId('filter-from').fill('2026-01-10');
    await page.getByTestId('filter-to').fill('2026-01-20');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/from=2026-01-10&to=2026-01-20/);
    await expect(page.getByTestId('conversion-row')).toHaveCount(1);
    expect(await names(page)).toEqual(['jan.png']);
    await page.getByTestId('filter-clear').click();
    await expect(page.getByTestId('conversion-row')).toHaveCount(4);
    await page.getByLabel('Format').selectOption('jpg');
    await page.getByTestId('filter-submit').click();
    // Polled: the filter is a page load, and the rows read before it lands are the old ones.
    await expect.poll(() => names(page)).toEqual(['photo.png']);
    await page.goto('/dashboard/conversions?status=failed');
    await expect(page.getByTestId('conversions-empty')).toHaveText('No conversions match this filter.');

    // Select two rows from the keyboard and delete them together.
    await page.goto('/dashboard/conversions');
    await expect(page.getByTestId('delete-selected')).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Select one.png' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Select two.png' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('select-all-conversions')).toHaveJSProperty('indeterminate', true);
    await expect(page.getByTestId('delete-selected')).toHaveText('Delete selected (2)');
    await page.getByTestId('delete-selected').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('bulk-delete-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Delete 2 conversions?');
    await expect(dialog.getByRole('listitem')).toHaveText(['two.png', 'one.png']);
    await expect(dialog.getByTestId('confirm-cancel')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('confirm-ok').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bulk-status')).toHaveText('Deleted 2 conversions.');
    await expect(page.getByTestId('conversion-row')).toHaveCount(2);
    expect(await names(page)).toEqual(['photo.png', 'jan.png']);
    expect((await page.request.get(`/api/v1/convert/status/${two}`)).status()).toBe(404);

    // "Select every conversion on this page", then Escape: nothing is deleted.
    await page.getByTestId('select-all-conversions').check();
    await expect(page.getByTestId('delete-selected')).toHaveText('Delete selected (2)');
    await page.getByTestId('delete-selected').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('conversion-row')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
