import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { makePng } from '../fixtures/files';
import { setUsedToday } from '../fixtures/usage';
import { randomEmail } from '../../tests/support/test-data';
import { chooseTarget } from '../fixtures/target-picker';

// The multi-file converter says how many files the caller's plan takes per batch (one ZIP), how
// large each may be and what is left of today's allowance before anything is sent; past the files
// per batch, files convert one by one.

const pngs = async (names: string[]) => {
  const png = await makePng(16, 16);
  return names.map((name) => ({ name, mimeType: 'image/png', buffer: png }));
};

test("a visitor sees the Free plan's limits; past one file per batch, files convert one by one without a ZIP", async ({
  page,
}) => {
  const batchRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/batch(\/upload)?$/.test(r.url())) batchRequests.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  // The limits are said with the list, as soon as files are chosen and before anything is sent.
  await page.getByTestId('file-input').setInputFiles(await pngs(['a.png', 'b.png']));
  await expect(page.getByTestId('batch-limit')).toHaveText(/Your plan \(Free\) takes up to 1 file per batch/);
  await expect(page.getByTestId('batch-limit')).toContainText('Each file may have up to 50 MB');
  await expect(page.getByTestId('batch-limit')).toHaveAttribute('data-max-files', '1');
  // The e2e server lifts the Free plan's daily allowance (playwright.config.ts).
  await expect(page.getByTestId('batch-allowance')).toHaveText('No daily limit on conversions.');
  await expect(page.getByTestId('batch-limit').getByRole('link', { name: 'create an account' })).toBeVisible();
  await expect(page.getByTestId('batch-over-limit')).toContainText('2 files chosen');
  await expect(page.getByTestId('batch-over-limit')).toContainText('convert one by one');
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await page.getByTestId('batch-convert').click();
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('batch-file')).toHaveCount(2);
  for (const row of await page.getByTestId('batch-file').all())
    await expect(row).toHaveAttribute('data-state', 'completed');
  await expect(page.getByTestId('batch-file-download')).toHaveCount(2);
  await expect(page.getByTestId('batch-zip')).toHaveCount(0);
  await expect(page.getByTestId('batch-no-zip')).toContainText('a ZIP holds at most 1 file on the Free plan');
  expect(batchRequests).toEqual([]);
});

test("a signed-in person sees their own plan's limit", async ({ page }) => {
  const email = randomEmail();
  await signUp(page, email);
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], { encoding: 'utf8' });
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('file-input').setInputFiles(await pngs(['1.png', '2.png', '3.png', '4.png', '5.png']));
  await expect(page.getByTestId('batch-limit')).toHaveText(/Your plan \(Starter\) takes up to 5 files per batch/);
  await expect(page.getByTestId('batch-limit').getByRole('link', { name: 'see the plans' })).toBeVisible();
  await expect(page.getByTestId('batch-over-limit')).toHaveCount(0);
  // A sixth file joins the five already chosen.
  await page.getByTestId('file-input').setInputFiles(await pngs(['6.png']));
  await expect(page.getByTestId('batch-over-limit')).toContainText('more than the 5 files of a batch');
});

test("what is left of today's allowance is said before sending, counts down, and the file past it is refused", async ({
  page,
}) => {
  const email = randomEmail();
  await signUp(page, email);
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], { encoding: 'utf8' });
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('file-input').setInputFiles(await pngs(['a.png', 'b.png']));
  await expect(page.getByTestId('batch-allowance')).toHaveText(
    '1000 conversions left today of 1000 (renews at 00:00 UTC).',
  );
  await setUsedToday(page, 998);
  await page.reload();
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('file-input').setInputFiles(await pngs(['a.png', 'b.png']));
  await expect(page.getByTestId('batch-allowance')).toHaveAttribute('data-left', '2');
  await expect(page.getByTestId('batch-over-allowance')).toHaveCount(0);

  await page.getByTestId('file-input').setInputFiles(await pngs(['c.png']));
  await expect(page.getByTestId('batch-over-allowance')).toHaveText(
    '3 files waiting and 2 conversions left today: the first 2 convert, the server refuses the other 1 until the allowance renews at 00:00 UTC.',
  );
  await expectAccessibleInBothThemes(page);
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await page.getByTestId('batch-convert').click();
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(page.locator('[data-testid="batch-file"][data-state="completed"]')).toHaveCount(2);
  const refused = page.locator('[data-testid="batch-file"][data-state="failed"]');
  await expect(refused).toHaveCount(1);
  await expect(refused.getByTestId('batch-file-error')).toContainText('Daily allowance of 1000 conversions used up');
  await expect(page.getByTestId('batch-allowance')).toHaveAttribute('data-left', '0');
  await expect(page.getByTestId('batch-over-allowance')).toHaveCount(0);
});
