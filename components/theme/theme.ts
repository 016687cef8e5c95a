// The colour theme, once: its choices, where the choice is kept, and the script that applies it
// before the first paint. app/globals.css reads a `light` / `dark` class on <html>; without one
// the page follows the system.

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'transmute-theme';

export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/** Puts the class of `theme` on <html> (none for `system`). */
export function applyTheme(root: HTMLElement, theme: Theme) {
  root.classList.remove('light', 'dark');
  if (theme !== 'system') root.classList.add(theme);
}

/**
 * Runs inline in <head>, before the body paints, so a stored choice never shows the other theme
 * first. A blocked storage (private mode, a policy) leaves the system's theme.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.classList.add(t)}catch(e){}`;
