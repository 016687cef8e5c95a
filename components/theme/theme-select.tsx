'use client';

import { useSyncExternalStore } from 'react';
import { applyTheme, isTheme, THEME_STORAGE_KEY, THEMES, type Theme } from './theme';

const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

// The stored choice is the one source: this page's changes and other tabs' (the storage event) re-read it.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Chooses system, light or dark; the choice is kept in this browser and applied at once. */
export function ThemeSelect() {
  // The server cannot know the stored choice (it renders `system`); the boot script already applied it.
  const theme = useSyncExternalStore(subscribe, storedTheme, () => 'system' as const);

  function choose(next: Theme) {
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice holds for this page only
    }
    applyTheme(document.documentElement, next);
    listeners.forEach((listener) => listener());
  }
  return (
    <label className="flex shrink-0 items-center text-sm">
      <span className="sr-only">Theme</span>
      <select
        value={theme}
        onChange={(e) => isTheme(e.target.value) && choose(e.target.value)}
        data-testid="theme-select"
        className="h-11 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {LABELS[t]}
          </option>
        ))}
      </select>
    </label>
  );
}
