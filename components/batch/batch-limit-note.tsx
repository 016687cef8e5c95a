import { TextLink } from '@/components/account/text-link';
import { formatBytes } from '@/components/ui/format-bytes';
import type { BatchLimit } from '@/lib/accounts/batch-limit';

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/** Where more files per batch come from: a higher plan (after signing up, for a visitor). */
function MoreOnPaidPlans({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <>
      More at once on a higher plan: <TextLink href="/pricing">see the plans</TextLink>.
    </>
  ) : (
    <>
      More at once on a paid plan: <TextLink href="/sign-up">create an account</TextLink>, then{' '}
      <TextLink href="/pricing">choose a plan</TextLink>.
    </>
  );
}

/** Each file's size limit on the plan, as a sentence (empty without one). */
const sizeNote = (limit: BatchLimit) =>
  limit.maxUploadBytes === null ? '' : ` Each file may have up to ${formatBytes(limit.maxUploadBytes)}.`;

/** Conversions the daily allowance still takes, after `charged` more since the page was read; null: no limit. */
const allowanceLeft = (limit: BatchLimit, charged: number) =>
  limit.dailyConversions === null ? null : Math.max(0, limit.dailyConversions - limit.usedToday - charged);

const conversions = (n: number) => `${n} conversion${n === 1 ? '' : 's'}`;

/** Today's allowance as a sentence: what is left of it, or that there is none. */
function AllowanceNote({ limit, left }: { limit: BatchLimit; left: number | null }) {
  return (
    <span data-testid="batch-allowance" data-left={left ?? 'unlimited'}>
      {left === null
        ? 'No daily limit on conversions.'
        : `${conversions(left)} left today of ${limit.dailyConversions} (renews at 00:00 UTC).`}
    </span>
  );
}

type NoteProps = {
  limit: BatchLimit;
  /** Files in the list. */
  chosen: number;
  /** Files chosen and not sent yet. */
  waiting: number;
  /** Conversions created on this page since it was read (each one charged to the allowance). */
  charged: number;
};

/**
 * The caller's limits said before anything is sent: files per batch, size per file and what is left
 * of today's allowance, and a note when the files chosen go past one of them.
 */
export function BatchLimitNote({ limit, chosen, waiting, charged }: NoteProps) {
  const max = limit.filesPerBatch;
  const left = allowanceLeft(limit, charged);
  const overAllowance = left !== null && waiting > left && (
    <p role="status" data-testid="batch-over-allowance" className="text-sm text-amber-800 dark:text-amber-300">
      {left === 0
        ? `No conversions left today: the server refuses these ${files(waiting)}`
        : `${files(waiting)} waiting and ${conversions(left)} left today: the first ${left} convert, the server refuses the other ${waiting - left}`}{' '}
      until the allowance renews at 00:00 UTC.
    </p>
  );
  if (max === null) {
    return (
      <>
        <p data-testid="batch-limit" className="text-sm text-zinc-600 dark:text-zinc-400">
          Your plan ({limit.planName}) takes any number of files per batch.{sizeNote(limit)}{' '}
          <AllowanceNote limit={limit} left={left} />
        </p>
        {overAllowance}
      </>
    );
  }
  return (
    <>
      <p data-testid="batch-limit" data-max-files={max} className="text-sm text-zinc-600 dark:text-zinc-400">
        Your plan ({limit.planName}) takes up to {files(max)} per batch (one ZIP).{sizeNote(limit)}{' '}
        <AllowanceNote limit={limit} left={left} /> <MoreOnPaidPlans signedIn={limit.signedIn} />
      </p>
      {overAllowance}
      {chosen > max && (
        <p role="status" data-testid="batch-over-limit" className="text-sm text-amber-800 dark:text-amber-300">
          {files(chosen)} chosen: more than the {files(max)} of a batch on the {limit.planName} plan, so they convert
          one by one, each with its own download, and no ZIP of them all.
        </p>
      )}
    </>
  );
}

/** What a 413 `batch_too_large` means for this visitor, under the server's own words. */
export function BatchTooLargeHelp({ limit }: { limit: BatchLimit }) {
  return (
    <span data-testid="batch-too-large-help">
      {' '}
      A batch holds at most {limit.filesPerBatch === null ? 'any number of files' : files(limit.filesPerBatch)} on the{' '}
      {limit.planName} plan, so none of these files was converted. Choose fewer files and try again.{' '}
      <MoreOnPaidPlans signedIn={limit.signedIn} />
    </span>
  );
}
