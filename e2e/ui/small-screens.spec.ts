import { expect, test, type Page } from '@playwright/test';
import { randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';
import { completedConversion } from '../fixtures/conversions';
import { filePart, makePng } from '../fixtures/files';
import { PHONE } from '../fixtures/screen-sizes';
import { ACCOUNT_AND_MISSING_PAGES } from '../fixtures/pages';

// Phones: no page scrolls sideways at 360 or 390 px, and the header's menu reaches every
// navigation item by touch and by keyboard (a disclosure that holds focus while open).

test.use(PHONE);

const PUBLIC = [
  '/',
  '/compress',
  '/ocr',
  '/formats',
  '/formats?q=heic',
  '/docs',
  '/pricing',
  '/stats',
  ...ACCOUNT_AND_MISSING_PAGES,
];
const SIGNED_IN = [
  '/dashboard',
  '/dashboard/conversions',
  '/dashboard/api-keys',
  '/dashboard/webhooks',
  '/dashboard/team',
  '/dashboard/billing',
];
const NAV_ITEMS = ['Convert', 'Compress', 'OCR', 'Formats', 'API docs', 'Pricing'];

/**
 * The page's full width, with the elements that stick out past `width` (the screen's). Measured
 * against the width set, not innerWidth: a mobile browser widens its layout viewport to fit a page
 * that sticks out, and the two would then agree.
 */
const overflow = (page: Page, width: number) =>
  page.evaluate((width) => {
    // What sticks out of the page itself, not what scrolls inside a box of its own.
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e))
      .slice(-4)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class')).slice(0, 80)}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, width);

async function expectNoSidewaysScroll(page: Page, paths: readonly string[]) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const seen = await overflow(page, width);
      expect
        .soft(seen.scrollWidth, `${path} at ${width} px sticks out: ${seen.wide.join(' | ')}`)
        .toBeLessThanOrEqual(width);
    }
  }
}

/** Every element's box is at least 44 × 44 CSS px (the touch target WCAG 2.5.5 asks for). */
async function expectTouchSized(page: Page, elements: ReturnType<Page['locator']>) {
  for (const element of await elements.all()) {
    const box = await element.boundingBox();
    expect(box, await element.innerText()).not.toBeNull();
    expect(box!.height, await element.innerText()).toBeGreaterThanOrEqual(44);
    expect(box!.width, await element.innerText()).toBeGreaterThanOrEqual(44);
  }
}

test('no page scrolls sideways at 360 or 390 px, signed out', async ({ page }) => {
  await expectNoSidewaysScroll(page, PUBLIC);
});

test('no page scrolls sideways at 360 or 390 px, signed in, a share page included', async ({ page }) => {
  await signUp(page, randomEmail());
  const id = await completedConversion(page.request, filePart(await makePng(8, 8), 'phone.png', 'image/png'), 'webp');
  const share = await page.request.post(`/api/v1/conversions/${id}/share`, { data: {} });
  const { url } = (await share.json()) as { url: string };
  await expectNoSidewaysScroll(page, [...SIGNED_IN, new URL(url).pathname]);
  // Signed in, the menu's last item is the dashboard.
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').last()).toHaveText('Dashboard');
});

test('the menu button reaches every item by keyboard, holds focus, and Escape gives it back', async ({ page }) => {
  await page.goto('/pricing');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const button = nav.getByRole('button', { name: 'Menu' });
  const items = nav.getByRole('link');
  await expect(items).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAttribute('aria-controls', 'site-menu');

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#site-menu')).toBeVisible();
  const names = [...NAV_ITEMS, 'Sign in'];
  await expect(items).toHaveText(names);
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');

  // Tab walks the items in order, then comes back round to the button; Shift+Tab goes back to the last.
  for (const name of names) {
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(items).toHaveCount(0);
  await expect(button).toBeFocused();

  // Space opens it too; following a link navigates and closes it.
  await page.keyboard.press(' ');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Compress' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/compress$/);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(items).toHaveCount(0);
});

test('by touch: every item is a link on screen, 44 px or more, and a tap outside closes the menu', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const header = page.locator('header');
  await expectTouchSized(page, header.locator('a:visible, button:visible, select:visible'));

  for (const name of NAV_ITEMS.slice(1)) {
    await nav.getByRole('button', { name: 'Menu' }).tap();
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toBeInViewport();
    await expectTouchSized(page, nav.locator('a:visible'));
    const href = await link.getAttribute('href');
    await link.tap();
    // The API reference is a long page to render: allow a busy server its time.
    await expect(page).toHaveURL(new RegExp(`${href}$`), { timeout: 15_000 });
    await expect(nav.getByRole('link')).toHaveCount(0);
  }

  await nav.getByRole('button', { name: 'Menu' }).tap();
  await page.getByRole('heading', { level: 1 }).tap({ force: true });
  await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  await expectTouchSized(page, page.locator('footer a:visible'));
});

test.describe('at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('every item is in the bar, with no menu button', async ({ page }) => {
    await page.goto('/formats');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(nav.getByRole('link')).toHaveText([...NAV_ITEMS, 'Sign in']);
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Formats' })).toHaveAttribute('aria-current', 'page');
  });
});
