import { AppError } from '@/lib/errors';
import { hashPassword } from '@/lib/accounts/password';
import { randomToken } from '@/lib/crypto';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';

export type ShareOptions = { password?: string; expiresAt?: Date; accessLimit?: number };

/**
 * A new link to the caller's completed conversion (403/404 by the conversion rule, 409 before it
 * completes). The expiry must lie in the future and not after the conversion's; without one the
 * link lasts as long as the conversion. The password is stored as a scrypt hash only.
 */
export async function createShareLink(caller: Caller, conversionId: bigint, options: ShareOptions) {
  const conversion = await getConversionOrThrow(caller, conversionId);
  if (conversion.status !== 'completed') {
    throw new AppError(
      'invalid_state',
      `The conversion is ${conversion.status}; only a completed result can be shared`,
    );
  }
  const { expiresAt } = options;
  if (expiresAt && expiresAt <= new Date())
    throw new AppError('validation_failed', '"expires_at" must be in the future');
  if (expiresAt && expiresAt > conversion.expiresAt) {
    throw new AppError(
      'validation_failed',
      `"expires_at" must not be after the conversion's own expiry (${conversion.expiresAt.toISOString()})`,
    );
  }
  return db.shareLink.create({
    data: {
      token: randomToken(24),
      conversionId,
      passwordHash: options.password === undefined ? null : await hashPassword(options.password),
      expiresAt: expiresAt ?? conversion.expiresAt,
      accessLimit: options.accessLimit ?? null,
    },
  });
}
