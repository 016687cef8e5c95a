import { TextLink } from '@/components/account/text-link';
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

/** The caller's files-per-batch limit, said before files are chosen, and a warning past it. */
export function BatchLimitNote({ limit, chosen }: { limit: BatchLimit; chosen: number }) {
  const max = limit.filesPerBatch;
  if (max === null) {
    return (
      <p data-testid="batch-limit" className="text-sm text-zinc-600 dark:text-zinc-400">
        Your plan ({limit.planName}) takes any number of files per batch.
      </p>
    );
  }
  return (
    <>
      <p data-testid="batch-limit" data-max-files={max} className="text-sm text-zinc-600 dark:text-zinc-400">
        Your plan ({limit.planName}) takes up to {files(max)} per batch. <MoreOnPaidPlans signedIn={limit.signedIn} />
      </p>
      {chosen > max && (
        <p role="status" data-testid="batch-over-limit" className="text-sm text-amber-800 dark:text-amber-300">
          {files(chosen)} chosen: the server refuses a batch of more than {files(max)} on the {limit.planName} plan
          (HTTP 413, nothing is converted). Choose {max === 1 ? 'one' : `at most ${max}`}, or convert them one by one
          above.
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
