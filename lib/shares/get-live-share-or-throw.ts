import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';

export type LiveShare = NonNullable<Awaited<ReturnType<typeof findShare>>>;

const findShare = (token: string) => db.shareLink.findUnique({ where: { token }, include: { conversion: true } });

export const unknownLink = () => new AppError('not_found', 'This share link does not exist or was revoked');
export const expiredLink = () => new AppError('link_expired', 'This share link has expired');
export const usedUpLink = () => new AppError('link_used_up', 'This share link has used up its downloads');

/** Whether a link still has accesses left (null limit: unlimited). */
const hasAccessesLeft = (share: { accessLimit: number | null; accessCount: number }) =>
  share.accessLimit === null || share.accessCount < share.accessLimit;

/**
 * A link that can still be used. Unknown, revoked, or pointing at a conversion that is gone or
 * expired (before the sweep deletes it): 404. Past its own expiry or out of accesses: 410.
 */
export async function getLiveShareOrThrow(token: string): Promise<LiveShare> {
  const share = await findShare(token);
  const now = new Date();
  if (!share || share.conversion.expiresAt <= now || share.conversion.status !== 'completed') throw unknownLink();
  if (share.expiresAt <= now) throw expiredLink();
  if (!hasAccessesLeft(share)) throw usedUpLink();
  return share;
}
