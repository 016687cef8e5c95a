import Link from 'next/link';
import { buttonStyles } from '@/components/ui/button-styles';

export default function NotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="font-mono text-sm font-semibold text-brand-600 dark:text-brand-300">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="max-w-md text-zinc-600 dark:text-zinc-400">
        There is nothing at this address. Converted files expire after their retention period; start a new conversion
        instead.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonStyles.primary}>
          Convert a file
        </Link>
        <Link href="/docs" className={buttonStyles.secondary}>
          API docs
        </Link>
      </div>
    </div>
  );
}
