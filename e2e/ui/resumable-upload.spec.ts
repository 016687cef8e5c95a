import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { noisyPng } from '../fixtures/files';
import { uploadSpeedControl } from '../fixtures/network';
import { chooseTarget } from '../fixtures/target-picker';

// A reload in the middle of an upload: choosing the same file again continues where the server
// stopped (tus-js-client's fingerprint in localStorage, then HEAD for the offset), not from zero.

test('a reload mid-upload resumes from the bytes the server has, and the conversion completes', async ({ page }) => {
  // A real PNG of about 20 MB (noise does not compress), saved to disk so its fingerprint
  // (name, size, modification time) is the same when it is chosen again after the reload.
  const png = await noisyPng(2600);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-resume-'));
  const file = path.join(dir, 'noise.png');
  writeFileSync(file, png);
  try {
    // Slow uploads down (4 MB/s), so the reload lands in the middle.
    const throttle = await uploadSpeedControl(page);
    await throttle(4_000_000);

    const start = async () => {
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      await page.getByTestId('file-input').setInputFiles(file);
      await chooseTarget(page.getByTestId('target-select'), 'webp');
      await page.getByTestId('convert-button').click();
    };

    await page.goto('/');
    await start();
    const sent = page.getByTestId('upload-sent');
    await expect
      .poll(async () => Number(await sent.getAttribute('data-bytes')), { timeout: 30_000 })
      .toBeGreaterThan(4_000_000);
    await expect(page.getByTestId('upload-figures')).toContainText('/s');
    await page.reload();

    await throttle(-1);
    const resumed = page.waitForResponse((r) => r.url().includes('/api/v1/tus/') && r.request().method() === 'HEAD');
    await start();
    const head = await resumed;
    expect(head.status()).toBe(200);
    const offset = Number(head.headers()['upload-offset']);
    expect(offset).toBeGreaterThan(4_000_000);
    expect(offset).toBeLessThan(png.length);

    await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pause stops the upload and resume finishes it', async ({ page }) => {
  const png = await noisyPng(2000);
  const throttle = await uploadSpeedControl(page);
  await throttle(3_000_000);
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('file-input').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: png });
  await chooseTarget(page.getByTestId('target-select'), 'webp');
  await page.getByTestId('convert-button').click();
  const sent = page.getByTestId('upload-sent');
  await expect
    .poll(async () => Number(await sent.getAttribute('data-bytes')), { timeout: 30_000 })
    .toBeGreaterThan(1_000_000);

  await page.getByTestId('pause-button').click();
  await expect(page.getByTestId('status-text')).toContainText('paused');
  const at = Number(await sent.getAttribute('data-bytes'));
  await page.waitForTimeout(1500); // a fixed wait, to show that nothing is sent while paused
  expect(Number(await sent.getAttribute('data-bytes'))).toBeLessThanOrEqual(at + 1);

  await throttle(-1);
  await page.getByTestId('pause-button').click();
  await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
});
