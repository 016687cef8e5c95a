import { AppError } from '@/lib/errors';

/** The errno codes of a write refused for want of space: the filesystem is full, or a quota is. */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Whether `e` (or an error it wraps as its cause) is a write refused for want of space. */
export function isOutOfSpace(e: unknown): boolean {
  for (let cause = e, depth = 0; cause && depth < 8; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// How a program reports ENOSPC or EDQUOT in its own words (strerror), e.g. an engine's stderr.
const OUT_OF_SPACE_TEXT = /No space left on device|Disk quota exceeded/i;

/** Whether `e` is out of space by its errno, or says so in its message or a cause's (an engine's stderr). */
export function reportsOutOfSpace(e: unknown): boolean {
  if (isOutOfSpace(e)) return true;
  for (let cause = e, depth = 0; cause && depth < 8; depth++) {
    const message = (cause as { message?: unknown }).message;
    if (typeof message === 'string' && OUT_OF_SPACE_TEXT.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer to a write refused for want of space (507): nothing of it was kept. */
export const outOfSpaceError = (cause?: unknown) =>
  new AppError('insufficient_storage', 'The server is out of storage space; nothing was kept. Retry later', {
    cause,
  });
