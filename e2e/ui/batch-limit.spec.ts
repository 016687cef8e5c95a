import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { makePng } from '../fixtures/files';
import { randomEmail } from '../../tests/support/test-data';

// The batch form says how many files the caller's plan takes per batch, and what a refused batch
// (413 batch_too_large) means, through the running app.

const pngs = async (names: string[]) => {
  const png = await makePng(16, 16);
  return names.map((name) => ({ name, mimeType: 'image/png', buffer: png }));
};

test("a visitor sees the Free plan's one file per batch, is warned past it, and the 413 is explained", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('batch-limit')).toHaveText(/Your plan \(Free\) takes up to 1 file per batch/);
  await expect(page.getByTestId('batch-limit')).toHaveAttribute('data-max-files', '1');
  await expect(page.getByTestId('batch-limit').getByRole('link', { name: 'create an account' })).toBeVisible();
  await expect(page.getByTestId('batch-over-limit')).toHaveCount(0);

  await page.getByTestId('batch-file-input').setInputFiles(await pngs(['a.png', 'b.png']));
  await expect(page.getByTestId('batch-over-limit')).toContainText('2 files chosen');
  await expect(page.getByTestId('batch-over-limit')).toContainText('HTTP 413');
  await page.getByTestId('batch-target').selectOption('webp');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/batch/upload')),
    page.getByTestId('batch-convert').click(),
  ]);
  expect(answer.status()).toBe(413);
  const alert = page.getByTestId('batch-error');
  await expect(alert).toContainText('Too many files:');
  await expect(alert.getByTestId('batch-too-large-help')).toContainText(
    'A batch holds at most 1 file on the Free plan, so none of these files was converted',
  );

  // One file is within the limit: no warning.
  await page.getByTestId('batch-file-input').setInputFiles(await pngs(['a.png']));
  await expect(page.getByTestId('batch-over-limit')).toHaveCount(0);
});

test("a signed-in person sees their own plan's limit", async ({ page }) => {
  const email = randomEmail();
  await signUp(page, email);
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], { encoding: 'utf8' });
  await page.goto('/');
  await expect(page.getByTestId('batch-limit')).toHaveText(/Your plan \(Starter\) takes up to 5 files per batch/);
  await expect(page.getByTestId('batch-limit').getByRole('link', { name: 'see the plans' })).toBeVisible();
  await page.getByTestId('batch-file-input').setInputFiles(await pngs(['1.png', '2.png', '3.png', '4.png', '5.png']));
  await expect(page.getByTestId('batch-over-limit')).toHaveCount(0);
  await page
    .getByTestId('batch-file-input')
    .setInputFiles(await pngs(['1.png', '2.png', '3.png', '4.png', '5.png', '6.png']));
  await expect(page.getByTestId('batch-over-limit')).toContainText('at most 5');
});
