import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { completedConversion } from '../fixtures/conversions';
import { filePart, makePng } from '../fixtures/files';
import { randomEmail } from '../../tests/support/test-data';
import { chooseTarget } from '../fixtures/target-picker';

// The owner's share links from the dashboard (password, expiry, access limit; list, copy, revoke)
// and a protected download on the share page that streams: the browser's own download of a
// direct link, never bytes gathered in the page.

/** Converts a PNG with the page's own cookies and waits for the result. */
const convertedPng = async (page: Page, name: string) =>
  completedConversion(page.request, filePart(await makePng(24, 12), name, 'image/png'), 'webp');

test('the dashboard creates a link with password, expiry and limit, counts its downloads, copies and revokes it', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, randomEmail());
  await convertedPng(page, 'report.png');
  await page.goto('/dashboard/conversions');
  await page.getByTestId('share-conversion').first().click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password (optional)' }).fill('open sesame');
  // Within the conversion's own 24 hours (the form refuses later).
  const expiry = new Date(Date.now() + 6 * 3_600_000);
  const local = new Date(expiry.getTime() - expiry.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await dialog.getByLabel('Expires (optional)').fill(local);
  await dialog.getByRole('spinbutton', { name: 'Downloads allowed (optional)' }).fill('2');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
  const listed = dialog.getByTestId('share-link');
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId('share-link-accesses')).toHaveText('0 downloads of 2');
  await expect(listed).toContainText('Password');
  await listed.getByRole('button', { name: 'Copy link 1' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A stranger downloads with the password: the download is a navigation to a direct link of ours.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(new URL(url).pathname);
  await expect(other.getByText('2 downloads left')).toBeVisible();
  await other.getByLabel('Password').fill('open sesame');
  const [download] = await Promise.all([other.waitForEvent('download'), other.getByTestId('share-download').click()]);
  expect(download.suggestedFilename()).toBe('report.webp');
  expect(download.url()).toMatch(/^http:\/\/[^/]+\/api\/v1\/files\//);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
  await expect(other.getByText('1 download left')).toBeVisible();

  // The owner sees the access counted, and revokes the link: it stops at once.
  await page.reload();
  await page.getByTestId('share-conversion').first().click();
  await expect(dialog.getByTestId('share-link-accesses')).toHaveText('1 download of 2');
  await dialog.getByTestId('share-link-revoke').click();
  await expect(dialog.getByTestId('share-link')).toHaveCount(0);
  await other.reload();
  await expect(other.getByTestId('share-problem')).toHaveAttribute('data-code', 'not_found');
  await stranger.close();
});

test('the converter lists the links it created for its result', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('drop-zone')).toHaveAttribute('data-ready', 'true');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: await makePng(8, 8) });
  await chooseTarget(page.getByTestId('target-select'), 'webp');
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('status-text')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-form').getByRole('spinbutton', { name: 'Downloads allowed (optional)' }).fill('3');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByTestId('share-url')).toBeVisible();
  await page.getByRole('button', { name: 'Another link' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByTestId('share-link')).toHaveCount(2);
  await expect(page.getByTestId('share-link-accesses').first()).toHaveText('0 downloads');
  await expect(page.getByTestId('share-link-accesses').last()).toHaveText('0 downloads of 3');
});
