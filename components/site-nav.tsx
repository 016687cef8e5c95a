'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { NavLink } from '@/components/nav-link';

const PAGES = [
  { href: '/', label: 'Convert' },
  { href: '/compress', label: 'Compress' },
  { href: '/ocr', label: 'OCR' },
  { href: '/formats', label: 'Formats' },
  { href: '/docs', label: 'API docs' },
  { href: '/pricing', label: 'Pricing' },
] as const;

const MENU_ID = 'site-menu';

/** The menu holds focus while open (it covers the page): Tab past either end comes round to the other. */
function keepFocusInside(event: KeyboardEvent, button: HTMLElement, menu: HTMLElement) {
  const stops = [button, ...menu.querySelectorAll<HTMLElement>('a[href]')];
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : (at + 1) % stops.length;
  event.preventDefault();
  stops[at === -1 ? 0 : next].focus();
}

/**
 * The main navigation: a bar of links from `lg`; below it, a "Menu" button that shows the same
 * links as a panel under the header (a disclosure: aria-expanded, aria-controls). While open,
 * Escape closes it and gives focus back to the button, focus stays inside, and it closes on
 * navigation and on a click outside. An administrator also gets the admin console's link.
 */
export function SiteNav({ signedIn, admin = false }: { signedIn: boolean; admin?: boolean }) {
  const pathname = usePathname();
  // Open on the page it was opened on: any navigation closes it without an effect to reset it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const close = () => setOpenOn(null);

  useEffect(() => {
    if (!open) return;
    const button = buttonRef.current;
    const menu = menuRef.current;
    // From `lg` the button is hidden and the links are a bar: nothing to hold focus in.
    const isMenu = () => button !== null && button.offsetParent !== null;
    function onKeyDown(event: KeyboardEvent) {
      if (!isMenu() || !button || !menu) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpenOn(null);
        button.focus();
      } else if (event.key === 'Tab') keepFocusInside(event, button, menu);
    }
    // A click, not a pointerdown: the whole tap lands on the dimmed backdrop, never on a link under it.
    function onClick(event: MouseEvent) {
      const target = event.target as Node;
      if (!menu?.contains(target) && !button?.contains(target)) setOpenOn(null);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const account = signedIn ? { href: '/dashboard', label: 'Dashboard' } : { href: '/sign-in', label: 'Sign in' };
  const links = admin ? [...PAGES, account, { href: '/admin', label: 'Admin' }] : [...PAGES, account];
  return (
    <nav aria-label="Main" className="flex items-center">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpenOn(open ? null : pathname)}
        data-testid="menu-button"
        className="inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:hidden dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <MenuIcon open={open} />
        Menu
      </button>
      {open && (
        // Dims the page under the open menu; a click on it closes the menu (the listener above).
        <div aria-hidden="true" className="absolute inset-x-0 top-full h-dvh bg-zinc-950/30 lg:hidden" />
      )}
      <ul
        ref={menuRef}
        id={MENU_ID}
        className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] flex-col gap-1 overflow-y-auto border-b border-zinc-200 bg-white px-4 py-3 font-medium shadow-lg lg:static lg:flex lg:max-h-none lg:flex-row lg:items-center lg:gap-1 lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none dark:border-zinc-800 dark:bg-zinc-950 lg:dark:bg-transparent`}
      >
        {links.map(({ href, label }) => (
          <li key={href}>
            <NavLink href={href} onClick={close}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      {open ? (
        <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
      ) : (
        <path d="M3 6h14M3 10h14M3 14h14" strokeLinecap="round" />
      )}
    </svg>
  );
}
