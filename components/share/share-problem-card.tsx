import Link from 'next/link';
import { buttonStyles } from '@/components/ui/button-styles';
import type { ShareProblem } from './share-messages';

/** The whole page when a link cannot be used (unknown, revoked, expired, used up). */
export function ShareProblemCard({ problem }: { problem: ShareProblem }) {
  return (
    <div
      data-testid="share-problem"
      data-code={problem.code}
      className="flex flex-col items-center gap-4 py-16 text-center"
    >
      <h1 className="text-3xl font-bold tracking-tight">{problem.title}</h1>
      <p className="max-w-md text-zinc-600 dark:text-zinc-400">{problem.message}</p>
      <Link href="/" className={buttonStyles.primary}>
        Convert your own files
      </Link>
    </div>
  );
}
