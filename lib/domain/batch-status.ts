// A batch's status, derived from its conversions' (lib/domain/conversion-status.ts). Pure data, so the
// schemas and the browser import it too.
import { isTerminal, type ConversionStatus } from '@/lib/domain/conversion-status';

export const BATCH_STATUSES = ['pending', 'processing', 'completed', 'partial', 'failed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** Statuses a batch never leaves: every file has finished. */
const FINISHED_BATCH_STATUSES: ReadonlySet<BatchStatus> = new Set(['completed', 'partial', 'failed', 'cancelled']);

export const isBatchFinished = (status: BatchStatus) => FINISHED_BATCH_STATUSES.has(status);

type Member = { status: ConversionStatus; progress: number };

export type BatchSummary = { status: BatchStatus; progress: number; total: number; completed: number; failed: number };

/**
 * pending: nothing started; processing: some still to run; once all are finished: completed (all),
 * partial (some completed), cancelled (all cancelled), failed (none completed). `failed` counts
 * the files that finished without a result (failed or cancelled); progress is the mean, a
 * finished file counting 100.
 */
export function summarizeBatch(members: readonly Member[]): BatchSummary {
  const total = members.length;
  const count = (s: ConversionStatus) => members.filter((m) => m.status === s).length;
  const completed = count('completed');
  const cancelled = count('cancelled');
  const failed = count('failed') + cancelled;
  const sum = members.reduce((acc, m) => acc + (isTerminal(m.status) ? 100 : m.progress), 0);
  const progress = total === 0 ? 0 : Math.floor(sum / total);
  return { status: statusOf(members, { total, completed, cancelled }), progress, total, completed, failed };
}

function statusOf(members: readonly Member[], n: { total: number; completed: number; cancelled: number }): BatchStatus {
  if (members.every((m) => m.status === 'pending')) return 'pending';
  if (!members.every((m) => isTerminal(m.status))) return 'processing';
  if (n.completed === n.total) return 'completed';
  if (n.completed > 0) return 'partial';
  return n.cancelled === n.total ? 'cancelled' : 'failed';
}
