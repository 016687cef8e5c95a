import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { SCREENS } from '../fixtures/screen-sizes';

// The two tool pages through the real API, job worker and engines: compress a photo, read the
// text of a scan, cancel a long OCR.

/** A photo-like JPEG at quality 98 (noise blurred): mozjpeg at medium makes it much smaller. */
async function photo(): Promise<Buffer> {
  const create = { width: 800, height: 600, channels: 3 as const, background: '#888' };
  return sharp({ create: { ...create, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(2)
    .jpeg({ quality: 98 })
    .toBuffer();
}

/** A page image with known lines of text. */
function scan(lines: string[], width = 1800, height = 900): Promise<Buffer> {
  const text = lines.map(
    (l, i) => `<text x="80" y="${200 + i * 110}" font-family="DejaVu Sans" font-size="60">${l}</text>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="white"/>${text.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).png().toBuffer();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
}

const isPost = (url: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.url().endsWith(url) && r.request().method() === 'POST';

test.describe('tool pages', () => {
  test('the header links to both tools', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compress' }).click();
    await expect(page).toHaveURL(/\/compress$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compress a file');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'OCR' }).click();
    await expect(page).toHaveURL(/\/ocr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read text from scans');
  });

  test('compress: a JPEG comes back smaller, sizes shown, same format downloaded', async ({ page }) => {
    const jpeg = await photo();
    await open(page, '/compress');
    await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByTestId('file-name')).toHaveText('photo.jpg');
    await page.getByTestId('level-select').selectOption('high');

    const created = page.waitForResponse(isPost('/api/v1/compress/upload'));
    await page.getByTestId('start-button').click();
    expect((await created).status()).toBe(201);
    expect(await (await created).json()).toMatchObject({ original_format: 'jpg', target_format: 'jpg' });

    await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    const sizes = page.getByTestId('size-comparison');
    await expect(sizes).toHaveAttribute('data-before', String(jpeg.length));
    await expect(sizes).toHaveAttribute('data-after', /^\d+$/);
    const after = Number(await sizes.getAttribute('data-after'));
    expect(after).toBeLessThan(jpeg.length);
    await expect(page.getByTestId('size-saved')).toHaveText(/^\d+ %$/);
    await expect(page.getByTestId('preview').locator('img')).toBeVisible();
    // Before/after: the original beside the result, and the sizes with the change in words.
    await expect(page.getByTestId('before-after').getByTestId('source-preview').locator('img')).toBeVisible();
    await expect(page.getByTestId('size-change')).toHaveText(/^[\d.]+ kB → [\d.]+ kB, −\d+ %$/);
    await page.screenshot({
      path: `${SCREENS}/compress-done-desktop.png`,
      fullPage: true,
    });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-link').click()]);
    expect(download.suggestedFilename()).toBe('photo.jpg');
    const bytes = await readFile(await download.path());
    expect(bytes.length).toBe(after);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');

    await page.getByTestId('reset-button').click();
    await expect(page.getByTestId('drop-zone')).toBeVisible();
  });

  test('compress: a format without a compressor shows the server’s 400', async ({ page }) => {
    await open(page, '/compress');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text\n') });
    const refused = page.waitForResponse(isPost('/api/v1/compress/upload'));
    await page.getByTestId('start-button').click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByTestId('error-message')).toContainText(/compress/i);
    await expect(page.getByTestId('drop-zone')).toBeVisible();
  });

  test('OCR: a scan’s words are shown and downloaded as text; a searchable PDF is offered', async ({ page }) => {
    const png = await scan(['Invoice number 4711', 'Transmute reads scans']);
    await open(page, '/ocr');
    await page.getByTestId('file-input').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: png });
    const languages = page.getByTestId('languages');
    await expect(languages.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await languages.getByRole('checkbox', { name: 'German' }).check();
    await expect(languages.getByRole('checkbox', { name: 'German' })).toBeChecked();

    const created = page.waitForResponse(isPost('/api/v1/tools/ocr'));
    await page.getByTestId('start-button').click();
    expect((await created).status()).toBe(201);
    expect(await (await created).json()).toMatchObject({ target_format: 'txt' });

    await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
    await expect(page.getByTestId('ocr-text')).toContainText('Invoice number 4711');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-link').click()]);
    expect(download.suggestedFilename()).toBe('scan.txt');
    expect((await readFile(await download.path())).toString('utf8')).toMatch(/Transmute reads scans/);

    await page.getByTestId('reset-button').click();
    await page.getByTestId('file-input').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('output-pdf').check();
    await page.getByTestId('start-button').click();
    await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
    await expect(page.getByTestId('preview')).toHaveAttribute('data-kind', 'pdf');
    await expect(page.getByTestId('download-link')).toHaveText(/Download PDF/);
  });

  test('OCR: cancel during a multi-page recognition ends it cancelled', async ({ page }) => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map(async (n) =>
        sharp(
          await scan(
            Array.from({ length: 20 }, (_, l) => `Page ${n} line ${l} of a long report`),
            2480,
            3000,
          ),
        )
          .raw()
          .toBuffer({ resolveWithObject: true }),
      ),
    );
    const { width, height, channels } = pages[0].info;
    const tiff = await sharp(Buffer.concat(pages.map((p) => p.data)), {
      raw: { width, height: height * pages.length, channels, pageHeight: height },
    })
      .tiff({ compression: 'lzw' })
      .toBuffer();

    await open(page, '/ocr');
    await page.getByTestId('file-input').setInputFiles({ name: 'long.tiff', mimeType: 'image/tiff', buffer: tiff });
    const created = page.waitForResponse(isPost('/api/v1/tools/ocr'));
    await page.getByTestId('start-button').click();
    const { id } = (await (await created).json()) as { id: number };
    // Recognising the pages: the bar moves past the page split.
    await expect(page.getByTestId('status-text')).toHaveText(/Converting… \d+ %/, { timeout: 60_000 });
    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'cancelled');
    // page.request carries the page's guest cookie: the owner's view of the conversion.
    const status = await page.request.get(`/api/v1/convert/status/${id}`);
    expect(status.status()).toBe(200);
    expect((await status.json()).conversion.status).toBe('cancelled');
    await expect(page.getByTestId('download-link')).toHaveCount(0);
  });
});
