import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { expectAccessibleInBothThemes, seriousViolations } from '../fixtures/axe';
import { makePng, noisyPng } from '../fixtures/files';
import { uploadSpeedControl } from '../fixtures/network';
import { randomEmail } from '../../tests/support/test-data';
import { chooseTarget } from '../fixtures/target-picker';

// Many files at once on the home page: each its own resumable tus upload and conversion, one
// target for all or its own, then one ZIP of them all when the plan's files per batch allow it.

async function starter(page: Page) {
  const email = randomEmail();
  await signUp(page, email);
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], { encoding: 'utf8' });
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
}

const zipNames = (file: string) => execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');

test('five files, a reload mid-upload resumes the large one, all complete and the ZIP unzips', async ({ page }) => {
  await starter(page);
  // About 20 MB of noise (it does not compress), on disk so its fingerprint survives the reload.
  const big = await noisyPng(2600);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-multi-'));
  const small = await makePng(16, 16);
  const files = ['big.png', 'a.png', 'b.png', 'c.png', 'd.png'].map((name) => path.join(dir, name));
  writeFileSync(files[0], big);
  for (const file of files.slice(1)) writeFileSync(file, small);
  try {
    const throttle = await uploadSpeedControl(page);
    await throttle(4_000_000);

    const choose = async () => {
      await page.getByTestId('file-input').setInputFiles(files);
      await expect(page.getByTestId('batch-file')).toHaveCount(5);
      await chooseTarget(page.getByTestId('batch-target'), 'webp');
      await page.getByTestId('batch-convert').click();
    };
    await choose();
    await expect(page.getByTestId('batch-file').first()).toHaveAttribute('data-state', 'uploading');
    await expect(page.getByTestId('batch-file').first()).toContainText('/s'); // its speed
    // A fifth of the large file is on the server (its progress as the page shows it), then the reload.
    const bigProgress = page.getByTestId('batch-file').first().getByTestId('batch-file-progress');
    await expect
      .poll(async () => Number(await bigProgress.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(20);
    expect(Number(await bigProgress.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await page.reload();
    await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');

    await throttle(-1);
    const resumed = page.waitForResponse((r) => r.url().includes('/api/v1/tus/') && r.request().method() === 'HEAD');
    await choose();
    expect(Number((await resumed).headers()['upload-offset'])).toBeGreaterThan(4_000_000);

    await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
    for (const row of await page.getByTestId('batch-file').all())
      await expect(row).toHaveAttribute('data-state', 'completed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
    const zip = await download.path();
    execFileSync('unzip', ['-tq', zip]);
    expect(zipNames(zip)).toEqual(['big.webp', 'a.webp', 'b.webp', 'c.webp', 'd.webp']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('files dropped on the zone: one with its own target, a failed one to retry, the others in the ZIP', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await starter(page);
  const png = [...(await makePng(12, 12))];
  // A real drop: a DataTransfer holding the files, dispatched on the zone.
  const transfer = await page.evaluateHandle((bytes) => {
    const data = new DataTransfer();
    const image = new Uint8Array(bytes);
    data.items.add(new File([image], 'first.png', { type: 'image/png' }));
    data.items.add(new File([image], 'second.png', { type: 'image/png' }));
    data.items.add(new File([new TextEncoder().encode('not a picture at all')], 'broken.png', { type: 'image/png' }));
    return data;
  }, png);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByTestId('batch-file')).toHaveCount(3);
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await chooseTarget(page.getByTestId('batch-file').nth(1).getByTestId('batch-file-target'), 'jpg');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('batch-convert').click();

  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const rows = page.getByTestId('batch-file');
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'completed');
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'completed');
  await expect(rows.nth(1)).toContainText('→ JPG');
  await expect(rows.nth(2)).toHaveAttribute('data-state', 'failed');
  await expect(rows.nth(2).getByTestId('batch-file-error')).toBeVisible();
  await expect(rows.nth(2).getByTestId('batch-file-retry')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
  expect(zipNames(await download.path())).toEqual(['first.webp', 'second.jpg']);

  // Retry sends the failed file again: it fails the same way, on its own.
  await rows.nth(2).getByTestId('batch-file-retry').click();
  await expect(rows.nth(2)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
});

/** The options each tus upload was created with, by file name (from its Upload-Metadata header). */
function recordUploadOptions(page: Page) {
  const sent = new Map<string, unknown>();
  const decode = (v: string) => Buffer.from(v, 'base64').toString('utf8');
  page.on('request', (r) => {
    if (r.method() !== 'POST' || !r.url().endsWith('/api/v1/tus')) return;
    const meta = Object.fromEntries(
      (r.headers()['upload-metadata'] ?? '').split(',').map((pair) => {
        const [key, value = ''] = pair.trim().split(' ');
        return [key, decode(value)];
      }),
    );
    sent.set(meta.filename, meta.options ? JSON.parse(meta.options) : {});
  });
  return sent;
}

test('options for all or for one file, thumbnails and sizes of the results, and one button retrying every failed file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await starter(page);
  const sent = recordUploadOptions(page);
  const png = await makePng(24, 24);
  const broken = Buffer.from('not a picture at all');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'all.png', mimeType: 'image/png', buffer: png },
    { name: 'own.png', mimeType: 'image/png', buffer: png },
    { name: 'scan.png', mimeType: 'image/png', buffer: png },
    { name: 'broken-1.png', mimeType: 'image/png', buffer: broken },
    { name: 'broken-2.png', mimeType: 'image/png', buffer: broken },
  ]);
  const row = (name: string) => page.getByTestId('batch-file').filter({ hasText: name });
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await chooseTarget(row('scan.png').getByTestId('batch-file-target'), 'tiff');

  // The panel for all opens from the keyboard; a value typed there is every file's until one has its own.
  await page.getByTestId('batch-options').locator('summary').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('batch-options').getByTestId('option-quality').fill('40');
  await row('own.png').getByTestId('batch-file-options').locator('summary').click();
  await expect(row('own.png').getByTestId('option-quality')).toHaveValue('40');
  await row('own.png').getByTestId('option-quality').fill('90');
  await expect(row('own.png').getByTestId('batch-file-options')).toContainText('(its own)');
  await expect(row('all.png').getByTestId('batch-file-options')).toContainText('(same as all)');
  await expect(row('own.png').getByTestId('batch-file-options-reset')).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await page.getByTestId('batch-convert').click();
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(sent.get('all.png')).toEqual({ quality: 40 });
  expect(sent.get('own.png')).toEqual({ quality: 90 });
  expect(sent.get('broken-1.png')).toEqual({ quality: 40 });

  // Each result: an image's thumbnail (decoded, so really the result), another format's icon; both sizes.
  for (const name of ['all.png', 'own.png']) {
    await expect(row(name)).toHaveAttribute('data-state', 'completed');
    const thumb = row(name).getByTestId('batch-file-thumbnail');
    await expect(thumb).toHaveAttribute('alt', `Thumbnail of ${name.replace('.png', '.webp')}`);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await expect(row(name).getByTestId('batch-file-result-size')).toHaveText(/^\d+ B$/);
    await expect(row(name).getByTestId('batch-file-download')).toBeVisible();
  }
  await expect(row('scan.png')).toHaveAttribute('data-state', 'completed');
  await expect(row('scan.png').getByTestId('batch-file-icon')).toContainText('TIFF');
  await expect(row('scan.png').getByTestId('batch-file-thumbnail')).toHaveCount(0);
  await expect(row('scan.png').getByTestId('batch-file-result-size')).toHaveText(/^\d+(\.\d+)? k?B$/);
  await expectAccessibleInBothThemes(page);

  // "Retry failed" sends both failed files again, with the options they had, from the keyboard.
  await expect(row('broken-1.png')).toHaveAttribute('data-state', 'failed');
  await expect(row('broken-2.png')).toHaveAttribute('data-state', 'failed');
  const retried: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/tus')) retried.push(r.url());
  });
  sent.clear();
  await page.getByTestId('batch-retry-failed').focus();
  await expect(page.getByTestId('batch-retry-failed')).toHaveText('Retry failed (2)');
  await page.keyboard.press('Enter');
  await expect.poll(() => retried.length).toBe(2);
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect([...sent.keys()].sort()).toEqual(['broken-1.png', 'broken-2.png']);
  expect(sent.get('broken-2.png')).toEqual({ quality: 40 });
  await expect(row('all.png')).toHaveAttribute('data-state', 'completed');
  await expect(row('broken-1.png')).toHaveAttribute('data-state', 'failed');
});
