import { TextLink } from '@/components/account/text-link';
import { formatBytes } from '@/components/ui/format-bytes';
import type { BatchLimit } from '@/lib/accounts/batch-limit';

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/** Where more files per batch come from: a paid plan (after signing up, for a visitor). */
function MoreOnPaidPlans({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <>
      More at once on a paid plan: <TextLink href="/pricing">see the plans</TextLink>.
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

/** The caller's files-per-batch and size limits, said before files are chosen, and a note past them. */
export function BatchLimitNote({ limit, chosen }: { limit: BatchLimit; chosen: number }) {
  const max = limit.filesPerBatch;
  if (max === null) {
    return (
      <p data-testid="batch-limit" className="text-sm text-zinc-600 dark:text-zinc-400">
        Your plan ({limit.planName}) takes any number of files per batch.{sizeNote(limit)}
      </p>
    );
  }
  return (
    <>
      <p data-testid="batch-limit" data-max-files={max} className="text-sm text-zinc-600 dark:text-zinc-400">
        Your plan ({limit.planName}) takes up to {files(max)} per batch (one ZIP).{sizeNote(limit)}{' '}
        <MoreOnPaidPlans signedIn={limit.signedIn} />
      </p>
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
