import Link from 'next/link';
import { buttonStyles } from '@/components/ui/button-styles';

// What forbidden() renders (with HTTP 403): a page the signed-in account may not see.
export default function Forbidden() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="forbidden-page">
      <p className="font-mono text-sm font-semibold text-brand-600 dark:text-brand-300">403</p>
      <h1 className="text-3xl font-bold tracking-tight">Not for this account</h1>
      <p className="max-w-md text-zinc-600 dark:text-zinc-400">
        This page is for the administrators of this Transmute server. Ask one of them if you need something changed on
        your account.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href="/dashboard" className={buttonStyles.primary}>
          Your dashboard
        </Link>
        <Link href="/" className={buttonStyles.secondary}>
          Convert a file
        </Link>
      </div>
    </div>
  );
}
