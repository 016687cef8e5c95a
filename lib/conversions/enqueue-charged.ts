import { AppError } from '@/lib/errors';
import { allowanceSubject, type Caller } from '@/lib/identity/caller';
import { enqueueConversion } from '@/lib/jobs/enqueue';
import { refundDailyAllowance } from '@/lib/limits/daily-allowance';

/**
 * Queues the jobs of conversions the caller was just charged for. If the queue refuses, `undo`
 * removes what the request made, the caller gets the allowance units back, and the request
 * answers 503: a request the service could not take costs nothing and leaves nothing.
 */
export async function enqueueCharged(
  caller: Caller,
  jobs: ReadonlyArray<{ id: bigint; run?: number; inputSize: bigint }>,
  undo: () => Promise<unknown>,
): Promise<void> {
  try {
    for (const job of jobs) await enqueueConversion(job.id, job.run ?? 0, allowanceSubject(caller));
  } catch (e) {
    await undo().catch(() => {});
    const bytes = jobs.reduce((sum, job) => sum + job.inputSize, 0n);
    await refundDailyAllowance(caller, { conversions: jobs.length, bytes }).catch(() => {});
    throw new AppError('service_unavailable', 'The job queue is unavailable, please retry', { cause: e });
  }
}
