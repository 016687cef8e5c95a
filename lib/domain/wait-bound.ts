import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';

// How long POST /convert waits for a conversion to end. At most the engine's own time limit:
// past it the run itself would have been stopped.
export const DEFAULT_WAIT_SECONDS = 60;

const SECONDS = /^\d+(\.\d+)?$/;

/** `wait` as sent (seconds, 0 to ENGINE_TIMEOUT_SECONDS) in milliseconds; 400 for anything else. */
export function parseWait(raw: string | undefined): number {
  const maxSeconds = config.engineTimeoutMs / 1000;
  if (raw === undefined) return Math.min(DEFAULT_WAIT_SECONDS, maxSeconds) * 1000;
  const seconds = SECONDS.test(raw) ? Number(raw) : NaN;
  if (!(seconds <= maxSeconds)) {
    throw new AppError('validation_failed', `"wait" must be a number of seconds from 0 to ${maxSeconds}`);
  }
  return seconds * 1000;
}
