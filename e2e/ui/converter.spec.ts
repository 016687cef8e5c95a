import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makePng } from '../fixtures/files';
import { chooseTarget as pickTarget } from '../fixtures/target-picker';

// The converter journey through the real API and job worker: no mocks.

// The converter sends files through tus: POST /api/v1/tus creates the upload, PATCHes send the bytes,
// and the last PATCH creates the conversion (or carries its refusal).
const isLastPatch = (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes('/api/v1/tus/') && r.request().method() === 'PATCH';

/** Opens the converter and waits for hydration (the static HTML ignores input until then). */
async function openConverter(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
}

async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('file-name')).toHaveText(file.name);
}

/** Picks a target in the "Convert to" combobox once GET /formats has filled it. */
async function chooseTarget(page: Page, target: string) {
  await pickTarget(page.getByTestId('target-select'), target);
}

test.describe('converter', () => {
  test('converts a PNG to WebP, previews it and downloads it', async ({ page }) => {
    const png = await makePng(64, 48);

    await openConverter(page);
    await chooseFile(page, { name: 'red.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('source-format')).toHaveAttribute('data-format', 'png');
    await chooseTarget(page, 'webp');

    const uploaded = page.waitForResponse(isLastPatch);
    await page.getByTestId('convert-button').click();
    expect((await uploaded).status()).toBe(204);
    expect((await uploaded).headers()['x-conversion-id']).toMatch(/^[0-9]+$/);

    await expect(page.getByTestId('upload-progress')).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByTestId('conversion-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
    await expect(page.getByTestId('status-text')).toHaveText('Completed');
    await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed');

    const img = page.getByTestId('preview').locator('img');
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]))
      .toEqual([64, 48]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-link').click()]);
    expect(download.suggestedFilename()).toBe('red.webp');
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([64, 48]);

    await page.getByTestId('reset-button').click();
    await expect(page.getByTestId('drop-zone')).toBeVisible();
    await expect(page.getByTestId('download-link')).toHaveCount(0);
  });

  test('shows the server’s message when a file is refused', async ({ page }) => {
    // Bytes that match no format signature and are not text (NUL bytes, invalid UTF-8).
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 73 + 11) % 256));

    await openConverter(page);
    await chooseFile(page, { name: 'x.png', mimeType: 'image/png', buffer: junk });
    await chooseTarget(page, 'webp');

    const refused = page.waitForResponse(isLastPatch);
    await page.getByTestId('convert-button').click();
    const response = await refused;
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error: string; code: string };
    expect(['unsupported_format', 'unsupported_conversion']).toContain(body.code);

    // Next.js adds its own (empty) route-announcer alert; ours is the one with the message.
    await expect(page.getByRole('alert').filter({ hasText: body.error })).toBeVisible();
    const error = page.getByTestId('error-message');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toContainText(body.error);
    await expect(error).toHaveAttribute('data-code', body.code);
    // The file stays selected so another target or file can be tried.
    await expect(page.getByTestId('convert-button')).toBeEnabled();
    await expect(page.getByTestId('download-link')).toHaveCount(0);
  });

  test('the drop zone opens the file picker from the keyboard', async ({ page }) => {
    // Listening before navigation: Playwright enables file-chooser interception asynchronously,
    // and a chooser opened before that is not reported.
    const chooser = page.waitForEvent('filechooser');
    await openConverter(page);
    const zone = page.getByTestId('drop-zone');
    await zone.focus();
    await expect(zone).toBeFocused();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello\n') });
    await expect(page.getByTestId('file-name')).toHaveText('notes.txt');
    await expect(page.getByTestId('source-format')).toHaveAttribute('data-format', 'txt');
  });
});

test.describe('API docs', () => {
  test('lists the upload operation and links to the raw document', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Transmute API');
    const upload = page.locator('[data-testid="operation"][data-path="/api/v1/convert/upload"]');
    await expect(upload).toHaveCount(1);
    await expect(upload.getByTestId('operation-path')).toHaveText('/api/v1/convert/upload');
    await expect(upload.getByTestId('method')).toHaveText(/post/i);
    await expect(upload).toContainText('Upload a file and start a conversion');
    await expect(upload).toContainText('multipart/form-data');
    await expect(upload).toContainText('413');
    await expect(page.getByTestId('openapi-json-link')).toHaveAttribute('href', '/api/v1/openapi.json');
  });
});
