import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';

// axe on every dashboard page, the API reference, pricing and statistics, in light and dark mode:
// no serious or critical violation.

const DASHBOARD = [
  '/dashboard',
  '/dashboard/conversions',
  '/dashboard/team',
  '/dashboard/api-keys',
  '/dashboard/billing',
];
const PUBLIC = ['/docs', '/pricing', '/stats', '/'];

const describeNode = (n: { target: unknown[]; html: string; failureSummary?: string }) =>
  `${n.target.join(' ')} ${n.html.slice(0, 160)} ${(n.failureSummary ?? '').slice(0, 240)}`;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map(describeNode).join(' | ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    for (const path of PUBLIC) {
      test(`${path} has no serious violations`, async ({ page }) => {
        await page.goto(path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('every dashboard page has no serious violations', async ({ page }) => {
      await signUp(page, randomEmail());
      for (const path of DASHBOARD) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}
