import { AppError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { SHARE_PASSWORD_TRIES, SHARE_PASSWORD_WINDOW_MS } from '@/lib/shares/share-rules';

/**
 * Records a password try on a link before the password is checked, or answers 429 (with
 * Retry-After) when SHARE_PASSWORD_TRIES were recorded within the window. The link's row is locked
 * meanwhile, so concurrent guesses from any process are counted one after the other. Returns the
 * try's id: a right password removes it (`forgiveTry`), so only wrong ones count.
 */
export async function recordPasswordTry(token: string): Promise<bigint> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT token FROM share_links WHERE token = ${token} FOR UPDATE`;
    const now = new Date();
    const since = new Date(now.getTime() - SHARE_PASSWORD_WINDOW_MS);
    await tx.shareAttempt.deleteMany({ where: { token, at: { lte: since } } });
    const recent = await tx.shareAttempt.findMany({ where: { token }, orderBy: { at: 'desc' }, select: { at: true } });
    if (recent.length >= SHARE_PASSWORD_TRIES) {
      // Free again when the oldest of the last SHARE_PASSWORD_TRIES tries leaves the window.
      const freeAt = recent[SHARE_PASSWORD_TRIES - 1].at.getTime() + SHARE_PASSWORD_WINDOW_MS;
      const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
      throw new AppError('too_many_attempts', 'Too many wrong passwords for this link; try again later', {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const { id } = await tx.shareAttempt.create({ data: { token, at: now }, select: { id: true } });
    return id;
  });
}

export async function forgiveTry(id: bigint): Promise<void> {
  await db.shareAttempt.deleteMany({ where: { id } });
}
