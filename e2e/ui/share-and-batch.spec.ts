import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { completedConversion } from '../fixtures/conversions';
import { filePart, makePng } from '../fixtures/files';
import { randomEmail } from '../../tests/support/test-data';
import { chooseTarget } from '../fixtures/target-picker';

// Batches and share links through the running app and worker: no mocks.

type Conversion = { id: number; status: string };

/** Polls the batch status until every file has finished. */
async function waitForBatch(request: import('@playwright/test').APIRequestContext, batchId: string) {
  await expect
    .poll(async () => (await (await request.get(`/api/v1/batch/${batchId}/status`)).json()).batch.status, {
      timeout: 60_000,
    })
    .toBe('completed');
}

test('several files in one batch come back as one ZIP that unzip reads', async ({ request }) => {
  const png = await makePng(32, 32);
  const multipart = {
    file: { name: 'photo.png', mimeType: 'image/png', buffer: png },
    target_format: 'webp',
  };
  // The anonymous Free plan takes one file per batch: two are refused whole.
  const form = new FormData();
  form.append('target_format', 'webp');
  for (const name of ['a.png', 'a.png']) form.append('file', new Blob([new Uint8Array(png)]), name);
  const refused = await request.post('/api/v1/batch/upload', { multipart: form });
  expect(refused.status()).toBe(413);
  expect((await refused.json()).code).toBe('batch_too_large');

  const created = await request.post('/api/v1/batch/upload', { multipart });
  expect(created.status()).toBe(200);
  const batch = (await created.json()) as { batch_id: string; conversions: Conversion[] };
  await waitForBatch(request, batch.batch_id);
  const zip = await request.get(`/api/v1/batch/${batch.batch_id}/download`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-zip-'));
  writeFileSync(path.join(dir, 'batch.zip'), await zip.body());
  execFileSync('unzip', ['-tq', path.join(dir, 'batch.zip')]);
  expect(execFileSync('unzip', ['-Z1', path.join(dir, 'batch.zip')], { encoding: 'utf8' }).trim()).toBe('photo.webp');
});

test('a password-protected link opens in a fresh browser context', async ({ page, browser }) => {
  // Convert through the API with the page's own cookies, so the converter's result is this guest's.
  const id = await completedConversion(
    page.request,
    filePart(await makePng(40, 30), 'shared.png', 'image/png'),
    'webp',
  );
  const share = await page.request.post(`/api/v1/conversions/${id}/share`, {
    data: { password: 'open sesame', access_limit: 2 },
  });
  expect(share.status()).toBe(200);
  const { url } = (await share.json()) as { url: string };
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(new URL(url).pathname);
  await expect(other.getByTestId('share-file-name')).toHaveText('shared.webp');
  await expect(other.getByTestId('share-format')).toHaveText('WebP image');
  await other.getByLabel('Password').fill('wrong guess');
  await other.getByTestId('share-download').click();
  await expect(other.getByTestId('error-message')).toHaveAttribute('data-code', 'wrong_password');
  await other.getByLabel('Password').fill('open sesame');
  const [download] = await Promise.all([other.waitForEvent('download'), other.getByTestId('share-download').click()]);
  expect(download.suggestedFilename()).toBe('shared.webp');
  await expect(other.getByText('1 download left')).toBeVisible();

  // An unknown link gets its own page.
  await other.goto('/s/no-such-link');
  await expect(other.getByTestId('share-problem')).toHaveAttribute('data-code', 'not_found');
  await stranger.close();
});

test('the converter shares a finished result with a password, and the link works elsewhere', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: await makePng(20, 10) });
  await chooseTarget(page.getByTestId('target-select'), 'webp');
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

  await page.getByTestId('share-open').click();
  await page.getByTestId('share-form').getByRole('textbox', { name: 'Password (optional)' }).fill('s3cret!');
  await page.getByTestId('share-form').getByRole('spinbutton', { name: 'Downloads allowed (optional)' }).fill('1');
  await page.getByRole('button', { name: 'Create link' }).click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(new URL(url).pathname);
  await expect(other.getByText('1 download left')).toBeVisible();
  await other.getByLabel('Password').fill('s3cret!');
  const [download] = await Promise.all([other.waitForEvent('download'), other.getByTestId('share-download').click()]);
  expect(download.suggestedFilename()).toBe('mine.webp');
  // Its one access is used: the link now says so.
  await other.reload();
  await expect(other.getByTestId('share-problem')).toHaveAttribute('data-code', 'link_used_up');
  await stranger.close();
});

test('on Starter, several files chosen at once convert together and come back as one ZIP', async ({ page }) => {
  const email = randomEmail();
  await signUp(page, email);
  const out = execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], {
    encoding: 'utf8',
  });
  expect(out).toContain('plan free → starter');

  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  const png = await makePng(16, 16);
  await page
    .getByTestId('file-input')
    .setInputFiles(['one.png', 'two.png', 'one.png'].map((name) => ({ name, mimeType: 'image/png', buffer: png })));
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await page.getByTestId('batch-convert').click();
  await expect(page.getByTestId('batch-file-progress')).toHaveCount(3);
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
  const file = await download.path();
  expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
    'one.webp',
    'two.webp',
    'one (1).webp',
  ]);
});
