import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { makePng } from '../fixtures/files';
import { chooseTarget } from '../fixtures/target-picker';

// How many files reach the many-files list: several dropped or picked on the one-file converter,
// and a folder chosen with the folder picker or dropped (every file in it, every level down).

test('several files dropped or picked on the one drop zone are listed right under it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  const png = [...(await makePng(12, 12))];
  const transfer = await page.evaluateHandle((bytes) => {
    const data = new DataTransfer();
    for (const name of ['one.png', 'two.png', 'three.png'])
      data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
    return data;
  }, png);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });

  await expect(page.getByTestId('batch-file')).toHaveCount(3);
  await expect(page.getByTestId('batch-file')).toContainText(['one.png', 'two.png', 'three.png']);
  // No one-file view beside the list, and no second zone: the list is the one place files go.
  await expect(page.getByTestId('file-name')).toHaveCount(0);
  await expect(page.getByTestId('drop-zone')).toHaveCount(1);
  await expect(page.getByTestId('single-file-form')).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  // The zone's picker takes several too; one file more joins the list.
  await page.getByTestId('file-input').setInputFiles([
    { name: 'four.png', mimeType: 'image/png', buffer: Buffer.from(png) },
    { name: 'five.png', mimeType: 'image/png', buffer: Buffer.from(png) },
  ]);
  await expect(page.getByTestId('batch-file')).toHaveCount(5);
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'six.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.getByTestId('batch-file')).toHaveCount(6);
  await expect(page.getByTestId('file-name')).toHaveCount(0);

  // Converted from the list like files chosen there (Free: one by one).
  await chooseTarget(page.getByTestId('batch-target'), 'webp');
  await page.getByTestId('batch-convert').click();
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(page.locator('[data-testid="batch-file"][data-state="completed"]')).toHaveCount(6);
});

test('a folder, chosen or dropped, brings every file in it, hidden ones left out', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-folder-'));
  const png = await makePng(8, 8);
  mkdirSync(path.join(dir, 'scans', 'older'), { recursive: true });
  writeFileSync(path.join(dir, 'scans', 'cover.png'), png);
  writeFileSync(path.join(dir, 'scans', 'older', 'page.png'), png);
  writeFileSync(path.join(dir, 'scans', '.DS_Store'), 'finder');
  try {
    await page.goto('/');
    await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
    // A button of its own (so the keyboard reaches it) opens the browser's folder picker.
    await expect(page.getByRole('button', { name: 'Choose a folder' })).toBeVisible();
    await page.getByTestId('batch-folder-input').setInputFiles(path.join(dir, 'scans'));
    await expect(page.getByTestId('batch-file')).toHaveCount(2);
    await expect(page.getByTestId('batch-file')).toContainText(['cover.png', 'page.png']);

    // Dropped on the one-file converter: a folder is many files. Chromium's synthetic drops carry no
    // folders, so the browser's entry API is stood in for the dropped folder by objects of its shape.
    const transfer = await page.evaluateHandle(
      (bytes) => {
        const png = (name: string) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
        type Node = { name: string; file?: File; children?: Node[] };
        const entry = (node: Node): object =>
          node.children
            ? {
                name: node.name,
                isFile: false,
                isDirectory: true,
                createReader: () => {
                  let done = false;
                  return {
                    readEntries: (ok: (entries: object[]) => void) => {
                      ok(done ? [] : node.children!.map(entry));
                      done = true;
                    },
                  };
                },
              }
            : { name: node.name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(node.file!) };
        const folder: Node = {
          name: 'scans',
          children: [
            { name: 'older', children: [{ name: 'page.png', file: png('page.png') }] },
            { name: '.DS_Store', file: new File(['finder'], '.DS_Store') },
            { name: 'cover.png', file: png('cover.png') },
          ],
        };
        const data = new DataTransfer();
        data.items.add(new File([], 'scans'));
        Object.defineProperty(DataTransferItem.prototype, 'webkitGetAsEntry', { value: () => entry(folder) });
        return data;
      },
      [...png],
    );
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByTestId('batch-file')).toHaveCount(4);
    await expect(page.getByTestId('batch-file')).toContainText(['cover.png', 'page.png', 'cover.png', 'page.png']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
