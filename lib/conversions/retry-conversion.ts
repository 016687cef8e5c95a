import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { enqueueCharged } from '@/lib/conversions/enqueue-charged';
import { chargeDailyAllowance } from '@/lib/limits/daily-allowance';
import { publishConversionEvent } from '@/lib/conversions/conversion-events';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { RETRYABLE_STATUSES } from '@/lib/domain/conversion-status';

/**
 * Runs a failed or cancelled conversion again from its stored input, as a new job charged one
 * unit of the daily allowance. The reset is a conditional update in the charge's transaction, so of
 * two concurrent retries one wins and the other gets 409, and a refused charge (429) changes nothing.
 * It starts the row's next `run`, so a job of the earlier run that is still queued is skipped.
 */
export async function retryConversion(caller: Caller, id: bigint) {
  await getConversionOrThrow(caller, id);
  const row = await db.$transaction(async (tx) => {
    const [reset] = await tx.conversion.updateManyAndReturn({
      where: { id, status: { in: [...RETRYABLE_STATUSES] }, expiresAt: { gt: new Date() } },
      data: {
        status: 'pending',
        progress: 0,
        error: null,
        attempts: 0,
        startedAt: null,
        completedAt: null,
        run: { increment: 1 },
      },
    });
    if (!reset) {
      const current = await tx.conversion.findUnique({ where: { id }, select: { status: true } });
      throw new AppError(
        'invalid_state',
        `Conversion is ${current?.status ?? 'gone'}; only a failed or cancelled one can be retried`,
      );
    }
    await chargeDailyAllowance(tx, caller, { conversions: 1, bytes: reset.inputSize });
    return reset;
  });
  // The new run's message; the earlier run's, if still queued, no longer claims the row.
  await enqueueCharged(caller, [row], () =>
    db.conversion.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'failed', error: 'The job queue was unavailable', completedAt: new Date() },
    }),
  );
  await publishConversionEvent({ id: String(id), status: 'pending', progress: 0, error: null });
  return row;
}
