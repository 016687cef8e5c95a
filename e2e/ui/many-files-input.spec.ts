import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { makePng } from '../fixtures/files';

// How many files reach the many-files list: several dropped or picked on the one-file converter,
// and a folder chosen with the folder picker or dropped (every file in it, every level down).

test('several files dropped or picked on the one-file converter go to the many-files list', async ({ page }) => {
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
  // The one-file converter keeps no file; the list says where the files went and takes the focus.
  await expect(page.getByTestId('file-name')).toHaveCount(0);
  await expect(page.getByTestId('batch-handed-over')).toContainText('The 3 files given to the converter above');
  await expect(page.getByTestId('batch-handed-over')).toBeFocused();
  await expectAccessibleInBothThemes(page);

  // The picker of the one-file zone takes several too; one file stays with the one-file converter.
  await page.getByTestId('file-input').setInputFiles([
    { name: 'four.png', mimeType: 'image/png', buffer: Buffer.from(png) },
    { name: 'five.png', mimeType: 'image/png', buffer: Buffer.from(png) },
  ]);
  await expect(page.getByTestId('batch-file')).toHaveCount(5);
  await expect(page.getByTestId('batch-handed-over')).toContainText('The 2 files given');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'six.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.getByTestId('file-name')).toHaveText('six.png');
  await expect(page.getByTestId('batch-file')).toHaveCount(5);

  // Converted from the list like files chosen there (Free: one by one).
  await page.getByTestId('batch-target').selectOption('webp');
  await page.getByTestId('batch-convert').click();
  await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(page.locator('[data-testid="batch-file"][data-state="completed"]')).toHaveCount(5);
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
    await expect(page.getByTestId('batch-drop-zone')).toHaveAttribute('data-ready', 'true');
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
    await expect(page.getByTestId('batch-handed-over')).toContainText('The 2 files given');
    await expect(page.getByTestId('batch-file')).toContainText(['cover.png', 'page.png', 'cover.png', 'page.png']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
