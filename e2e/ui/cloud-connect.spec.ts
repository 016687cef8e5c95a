import http from 'node:http';
import { expect, test } from '@playwright/test';
import { fakeCloudProvider } from '../../tests/support/fake-cloud-provider';
import { randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';
import { CLOUD_STAND_IN_PORT } from '../fixtures/cloud-stand-in';
import { makePng } from '../fixtures/files';
import { chooseTarget } from '../fixtures/target-picker';

// "Connect Google Drive" in the browser: the provider's consent (a loopback stand-in that consents
// at once) and back, the picker (folders, search, sizes), importing a chosen file, and disconnecting.

let standIn: http.Server;

test.beforeAll(async () => {
  const fake = fakeCloudProvider(await makePng(32, 24));
  standIn = http.createServer(fake.handler);
  await new Promise<void>((r) => standIn.listen(CLOUD_STAND_IN_PORT, '127.0.0.1', () => r()));
});

test.afterAll(() => {
  standIn.closeAllConnections();
  standIn.close();
});

test('connects Google Drive, picks a file in a folder, converts it, finds another by search, and disconnects', async ({
  page,
}) => {
  await signUp(page, randomEmail('cloud'));
  await page.goto('/');
  await page.getByTestId('cloud-google_drive').click();
  // With the client secret set, the access-token form gives way to "Connect".
  await expect(page.getByLabel('Access token')).toHaveCount(0);
  await page.getByTestId('cloud-connect').click();

  await expect(page).toHaveURL(/\/$/);
  const files = page.getByTestId('cloud-files');
  await expect(files.getByRole('button', { name: 'Scans' })).toBeVisible();
  await expect(files).toContainText('report.png');
  await expect(files).not.toContainText('Notes');

  await files.getByRole('button', { name: 'Scans' }).click();
  await expect(files.getByRole('checkbox', { name: /page\.png/ })).toBeVisible();
  await files.getByRole('checkbox', { name: /page\.png/ }).check();
  const select = page.getByTestId('cloud-picker').getByTestId('target-select');
  await chooseTarget(select, 'webp');
  await page.getByTestId('cloud-import-chosen').click();
  await expect(page.getByTestId('remote-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByTestId('remote-download')).toBeVisible();

  await page.getByRole('button', { name: 'My Google Drive' }).click();
  await page.getByTestId('cloud-search').fill('report');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(files.getByRole('checkbox')).toHaveCount(1);
  await expect(files).toContainText('report.png');

  await page.getByTestId('cloud-disconnect').click();
  await expect(page.getByTestId('cloud-connect')).toBeVisible();
  await expect(page.getByTestId('cloud-picker')).toHaveCount(0);
});
