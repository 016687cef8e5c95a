import { expect, test, type Page } from '@playwright/test';

// The theme control: the system's theme by default, a stored choice on every later page, applied
// before the first paint (by an inline script the page's CSP allows through its nonce).

/** 'dark' or 'light' by the page background's lightness, painted on a canvas to read it as RGB. */
const background = (page: Page) =>
  page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3 < 128 ? 'dark' : 'light';
  });
const LIGHT_BG = 'light';
const DARK_BG = 'dark';

/** Records the class of <html> when <body> first appears, i.e. before anything of it painted. */
async function classAtFirstBody(page: Page) {
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
}

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test.describe('with a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('the default follows the system; a light choice persists and is there before the body paints', async ({
    page,
  }) => {
    const violations = cspViolations(page);
    await classAtFirstBody(page);
    await page.goto('/');
    await expect(page.getByTestId('theme-select')).toHaveValue('system');
    expect(await page.evaluate(() => document.documentElement.className)).toBe('');
    expect(await background(page)).toBe(DARK_BG);

    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    expect(await background(page)).toBe(LIGHT_BG);

    await page.goto('/pricing');
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toBe('light');
    await expect(page.getByTestId('theme-select')).toHaveValue('light');
    expect(await background(page)).toBe(LIGHT_BG);

    // Back to the system's theme: nothing stored, no class.
    await page.getByTestId('theme-select').selectOption('system');
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toBe('');
    expect(await background(page)).toBe(DARK_BG);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});

test.describe('with a light system', () => {
  test.use({ colorScheme: 'light' });

  test('a dark choice holds on a reload from its first paint, and the control is keyboard reachable', async ({
    page,
  }) => {
    await classAtFirstBody(page);
    await page.goto('/');
    expect(await background(page)).toBe(LIGHT_BG);
    const select = page.getByTestId('theme-select');
    await select.focus();
    await expect(select).toBeFocused();
    await select.selectOption('dark');
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toBe('dark');
    expect(await background(page)).toBe(DARK_BG);
  });
});
