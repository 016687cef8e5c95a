import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { cloudStandInEnv } from './e2e/fixtures/cloud-stand-in';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The metrics listener of the service's one process (scripts/run-services.sh). */
export const METRICS_PORT = Number(process.env.E2E_METRICS_PORT ?? 3190);
// The e2e server writes its mails here (lib/mail/send-mail.ts); the account specs read the links.
// Set on process.env so the test workers, which load this file too, see the same folder.
process.env.MAIL_OUTBOX_DIR ??= path.resolve(process.env.DATA_DIR ?? '.data/test', 'e2e-mail-outbox');

// Runs against the built app (scripts/test.sh builds it) in Debian's Chromium; never downloads a browser.
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'bash scripts/run-services.sh',
    url: `http://localhost:${PORT}/api/v1/health`,
    // Every e2e request comes from 127.0.0.1: the anonymous per-address limits are raised here and
    // tested in the integration tier (tests/limits.integration.test.ts).
    env: {
      PORT: String(PORT),
      METRICS_PORT: String(METRICS_PORT),
      HOST: '127.0.0.1',
      PLAN_FREE_RATE_PER_MINUTE: 'unlimited',
      PLAN_FREE_DAILY_CONVERSIONS: 'unlimited',
      MAIL_OUTBOX_DIR: process.env.MAIL_OUTBOX_DIR,
      ...cloudStandInEnv(),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
