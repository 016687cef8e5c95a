import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { expectAccessibleInBothThemes } from '../fixtures/axe';
import { expectFitsThePhone, SCREENS, SIZES } from '../fixtures/screen-sizes';
import { makePng, noisyPng } from '../fixtures/files';
import { uploadSpeedControl } from '../fixtures/network';
import { shownTargets } from '../fixtures/target-picker';
import { wav } from '../../tests/support/fixtures';
import { randomEmail } from '../../tests/support/test-data';

// The converter as a new visitor meets it, at a desktop's size and a phone's (touch): one drop zone,
// a default target for every file, the "Convert to" combobox, a pair from the address, combining
// into one PDF, and the screenshots of its states (SCREENS_DIR, /tmp/screens by default).

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer: [...buffer] });

/** Drops the files on the zone as a browser drop does (a DataTransfer holding them). */
async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: number[] }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([new Uint8Array(f.buffer)], f.name, { type: f.mimeType }));
    return data;
  }, files);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

async function starter(page: Page) {
  const email = randomEmail();
  await signUp(page, email);
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, 'starter'], { encoding: 'utf8' });
}

for (const size of SIZES) {
  test.describe(`the converter at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('five mixed files: each gets a default target, all convert, and the ZIP holds the five', async ({ page }) => {
      test.setTimeout(150_000);
      mkdirSync(SCREENS, { recursive: true });
      await starter(page);
      await page.goto('/');
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId('formats-link')).toHaveAttribute('href', '/formats');
      await expect(page.getByText('Supported formats')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENS}/converter-empty-${size.name}.png`, fullPage: true });
      await expectAccessibleInBothThemes(page);
      if (size.touch) await expectFitsThePhone(page);

      const png = await makePng(40, 30);
      await dropFiles(page, [
        file('photo.png', 'image/png', png),
        // Large enough that its upload is still under way when the converting state is checked.
        file('noise.png', 'image/png', await noisyPng(900)),
        file('notes.md', 'text/markdown', Buffer.from('# Notes\n\nA list:\n\n- one\n- two\n')),
        file('table.csv', 'text/csv', Buffer.from('name,count\napples,3\npears,5\n')),
        file('tone.wav', 'audio/wav', wav(1)),
      ]);
      const rows = page.getByTestId('batch-file');
      await expect(rows).toHaveCount(5);
      // Right under the zone: the list starts within a screen of it.
      const zoneBottom = (await page.getByTestId('drop-zone').boundingBox())!;
      const listTop = (await page.getByTestId('batch-form').boundingBox())!;
      expect(listTop.y - (zoneBottom.y + zoneBottom.height)).toBeLessThan(150);

      const target = (name: string) => rows.filter({ hasText: name }).getByTestId('batch-file-target');
      await expect(target('photo.png')).toHaveAttribute('data-value', 'jpg');
      await expect(target('noise.png')).toHaveAttribute('data-value', 'jpg');
      await expect(target('notes.md')).toHaveAttribute('data-value', 'pdf');
      await expect(target('table.csv')).toHaveAttribute('data-value', 'xlsx');
      await expect(target('tone.wav')).toHaveAttribute('data-value', 'mp3');
      await expect(target('photo.png')).toHaveValue(/^JPG — /);
      // An image, a document, a table and a sound share no target: said in words, each keeps its own.
      await expect(page.getByTestId('batch-no-common')).toHaveText(
        'These files have no target in common; each keeps its own.',
      );
      await expect(page.getByTestId('batch-convert')).toHaveText('Convert 5 files');
      await page.screenshot({ path: `${SCREENS}/converter-five-files-${size.name}.png`, fullPage: true });
      await expectAccessibleInBothThemes(page);
      if (size.touch) await expectFitsThePhone(page);

      const throttle = await uploadSpeedControl(page);
      await throttle(400_000);
      await page.getByTestId('batch-convert').click();
      await expect(rows.filter({ hasText: 'noise.png' })).toHaveAttribute('data-state', /uploading|queued/);
      await page.screenshot({ path: `${SCREENS}/converter-converting-${size.name}.png`, fullPage: true });
      await expectAccessibleInBothThemes(page);
      if (size.touch) await expectFitsThePhone(page);
      await throttle(-1);

      await expect(page.getByTestId('batch-panel')).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
      for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'completed');
      // An image result beside its original, with both sizes and the change.
      await expect(rows.filter({ hasText: 'photo.png' }).getByTestId('batch-file-source-thumbnail')).toBeVisible();
      await expect(rows.filter({ hasText: 'photo.png' }).getByTestId('batch-file-size-change')).toHaveText(
        /^\d+ B → [\d.]+ k?B, [−+±]\d+ %$/,
      );
      await page.screenshot({ path: `${SCREENS}/converter-done-${size.name}.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SCREENS}/converter-done-dark-${size.name}.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
      await expectAccessibleInBothThemes(page);
      if (size.touch) await expectFitsThePhone(page);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
      const names = execFileSync('unzip', ['-Z1', await download.path()], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(names.sort()).toEqual(['noise.jpg', 'notes.pdf', 'photo.jpg', 'table.xlsx', 'tone.mp3']);
    });

    test('the "Convert to" combobox: popular targets first, typing filters, the keyboard picks', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      await page
        .getByTestId('file-input')
        .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: await makePng() });
      const picker = page.getByRole('combobox', { name: 'Convert to' });
      await expect(picker).toHaveAttribute('data-value', 'jpg');
      await expect(page.getByTestId('convert-button')).toHaveText('Convert to JPG');

      await picker.click();
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      const listbox = page.locator(`[id="${await picker.getAttribute('aria-controls')}"]`);
      await expect(listbox).toHaveAttribute('role', 'listbox');
      await expect(listbox.getByRole('group', { name: 'Popular' })).toBeVisible();
      // A PNG's popular targets (PNG itself is not one), before the alphabet's ATK and CALS.
      expect((await shownTargets(picker)).slice(0, 5)).toEqual(['jpg', 'webp', 'pdf', 'avif', 'gif']);
      await page.screenshot({ path: `${SCREENS}/converter-picker-open-${size.name}.png` });
      await expectAccessibleInBothThemes(page);

      await picker.fill('pd');
      const shown = await shownTargets(picker);
      expect(shown[0]).toBe('pdf');
      expect(shown.length).toBeLessThanOrEqual(5);
      // The first match is active: Enter picks it, and the popup closes.
      await expect(picker).toHaveAttribute(
        'aria-activedescendant',
        (await listbox.getByRole('option').first().getAttribute('id'))!,
      );
      await page.keyboard.press('Enter');
      await expect(picker).toHaveAttribute('data-value', 'pdf');
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('convert-button')).toHaveText('Convert to PDF');

      // Down opens on the current choice; Home, Down, Enter picks the second popular one; Escape closes unchanged.
      await page.keyboard.press('ArrowDown');
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(picker).toHaveAttribute('data-value', 'webp');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await page.keyboard.press('Escape');
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
      await expect(picker).toHaveAttribute('data-value', 'webp');
      await picker.fill('zzzz');
      await expect(listbox).toContainText('No format matches “zzzz”.');
      await page.keyboard.press('Escape');
      await expect(picker).toHaveValue(/^WEBP — /);
    });

    test('a picture pasted from the clipboard is a file chosen, and one more joins it in the list', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      await page.evaluate(
        async (bytes) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
          document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
        },
        [...(await makePng(30, 20))],
      );
      await expect(page.getByTestId('file-name')).toHaveText('image.png');
      await expect(page.getByTestId('target-select')).toHaveAttribute('data-value', 'jpg');
      await page
        .getByTestId('file-input')
        .setInputFiles({ name: 'two.png', mimeType: 'image/png', buffer: await makePng() });
      await expect(page.getByTestId('batch-file')).toHaveText([/image\.png/, /two\.png/]);
      await expect(page.getByTestId('batch-target')).toHaveAttribute('data-value', 'jpg');
      await page.screenshot({ path: `${SCREENS}/converter-two-files-${size.name}.png`, fullPage: true });
    });

    test('/?from=png&to=webp chooses the pair: said before a file, preselected for one', async ({ page }) => {
      await page.goto('/?from=heic&to=jpeg');
      await expect(page.getByTestId('pair-hint')).toHaveText('HEIC files become JPG');
      // A pair the server does not offer (a stale link, a format its policy turned off) is said so.
      await page.goto('/?from=png&to=docx');
      await expect(page.getByTestId('pair-hint')).toHaveText('PNG to DOCX is not offered on this server');
      await page.goto('/?from=png&to=webp');
      await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId('pair-hint')).toHaveText('PNG files become WEBP');
      await page
        .getByTestId('file-input')
        .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: await makePng() });
      await expect(page.getByTestId('target-select')).toHaveAttribute('data-value', 'webp');
      await expect(page.getByTestId('convert-button')).toHaveText('Convert to WEBP');
      // Several files: the matching ones take the pair's target, shown as the target for all.
      await page
        .getByTestId('file-input')
        .setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: await makePng() });
      await expect(page.getByTestId('batch-file')).toHaveCount(2);
      await expect(page.getByTestId('batch-target')).toHaveAttribute('data-value', 'webp');
      await expect(page.getByTestId('batch-convert')).toHaveText('Convert 2 files');
    });

    test('three files combined into one PDF in the order chosen, with the right page count', async ({ page }) => {
      test.setTimeout(120_000);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-combine-'));
      try {
        // A PDF of two pages (the one-page sample twice), so the order and the count both show.
        const sample = path.resolve('tests/fixtures/formats/office/base/base.pdf');
        const twoPages = path.join(dir, 'two.pdf');
        execFileSync('qpdf', ['--empty', '--pages', sample, sample, '--', twoPages]);
        await page.goto('/');
        await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
        await dropFiles(page, [
          file('first.png', 'image/png', await makePng(60, 40)),
          file('second.png', 'image/png', await makePng(40, 60)),
          file('report.pdf', 'application/pdf', readFileSync(twoPages)),
        ]);
        const combine = page.getByTestId('combine-pdf');
        await expect(combine.getByTestId('combine-file').first()).toBeHidden();
        await combine.getByRole('button', { name: /^Combine into one PDF/ }).click();
        await expect(combine.getByTestId('combine-toggle')).toHaveAttribute('aria-expanded', 'true');
        await expect(combine.getByTestId('combine-file')).toHaveText([/first\.png/, /second\.png/, /report\.pdf/]);
        // Moved from the keyboard: the report goes first, and the move is announced.
        await combine.getByRole('button', { name: 'Move report.pdf up' }).focus();
        await page.keyboard.press('Enter');
        await combine.getByRole('button', { name: 'Move report.pdf up' }).focus();
        await page.keyboard.press('Enter');
        await expect(combine.getByTestId('combine-file')).toHaveText([/report\.pdf/, /first\.png/, /second\.png/]);
        await expect(combine.getByTestId('combine-announcement')).toHaveText('report.pdf moved to position 1 of 3.');
        // And by drag: second.png dropped on first.png's place.
        await combine.getByTestId('combine-file').nth(2).dragTo(combine.getByTestId('combine-file').nth(1));
        await expect(combine.getByTestId('combine-file')).toHaveText([/report\.pdf/, /second\.png/, /first\.png/]);
        await expectAccessibleInBothThemes(page);
        if (size.touch) await expectFitsThePhone(page);

        const merged = page.waitForResponse(
          (r) => r.url().endsWith('/api/v1/merge') && r.request().method() === 'POST',
        );
        await combine.getByTestId('combine-button').click();
        expect((await merged).status()).toBe(201);
        const link = combine.getByTestId('combine-download');
        await expect(link).toBeVisible({ timeout: 90_000 });
        await page.screenshot({ path: `${SCREENS}/converter-combined-${size.name}.png`, fullPage: true });
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const pdf = path.join(dir, 'combined.pdf');
        await download.saveAs(pdf);
        expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/^Pages:\s+4$/m);
        // The report's two pages (with text) first, then the two pictures (none).
        const textOf = (page: number) =>
          execFileSync('pdftotext', ['-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' }).trim();
        expect(textOf(1)).toBe(execFileSync('pdftotext', [sample, '-'], { encoding: 'utf8' }).trim());
        expect(textOf(2)).not.toBe('');
        expect([textOf(3), textOf(4)]).toEqual(['', '']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
