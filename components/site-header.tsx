import Link from 'next/link';
import { signedInUserId } from '@/lib/accounts/current-account';
import { Logo } from '@/components/logo';
import { NavLink } from '@/components/nav-link';
import { ThemeSelect } from '@/components/theme/theme-select';

export async function SiteHeader() {
  const signedIn = (await signedInUserId()) !== null;
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/80 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-zinc-950"
        >
          <Logo className="size-7" />
          <span className="text-lg max-[32rem]:sr-only">Transmute</span>
        </Link>
        <nav aria-label="Main" className="-mx-1 min-w-0 overflow-x-auto px-1 py-2">
          {/* Phones: the logo is the way home, so "Convert" (the same page) makes room for the rest. */}
          <ul className="flex items-center gap-1 text-sm font-medium whitespace-nowrap">
            <li className="max-[32rem]:hidden">
              <NavLink href="/">Convert</NavLink>
            </li>
            <li>
              <NavLink href="/compress">Compress</NavLink>
            </li>
            <li>
              <NavLink href="/ocr">OCR</NavLink>
            </li>
            <li>
              <NavLink href="/docs">API docs</NavLink>
            </li>
            <li>
              <NavLink href="/pricing">Pricing</NavLink>
            </li>
            <li>
              {signedIn ? <NavLink href="/dashboard">Dashboard</NavLink> : <NavLink href="/sign-in">Sign in</NavLink>}
            </li>
          </ul>
        </nav>
        <ThemeSelect />
      </div>
    </header>
  );
}
