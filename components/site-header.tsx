import Link from 'next/link';
import { signedInAccount } from '@/lib/accounts/current-account';
import { isAdministrator } from '@/lib/identity/administrator';
import { Logo } from '@/components/logo';
import { SiteNav } from '@/components/site-nav';
import { ThemeSelect } from '@/components/theme/theme-select';

export async function SiteHeader() {
  const account = await signedInAccount();
  return (
    // The small-screen menu (SiteNav) hangs from the bottom of this header: sticky positions it.
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/80 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex h-14 w-full max-w-5xl items-center gap-2 px-4 sm:px-6">
        <Link
          href="/"
          className="mr-auto flex min-h-11 min-w-11 shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-zinc-950"
        >
          <Logo className="size-7" />
          {/* Below 376 px the name gives its room to the menu button and the theme control. */}
          <span className="text-lg max-[23.5rem]:sr-only">Transmute</span>
        </Link>
        <SiteNav signedIn={account !== null} admin={isAdministrator(account)} />
        <ThemeSelect />
      </div>
    </header>
  );
}
