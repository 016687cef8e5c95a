import { AppError } from '@/lib/errors';
import { randomToken, sha256 } from '@/lib/crypto';
import { db } from '@/lib/db';
import type { EmailTokenPurpose } from '@/lib/generated/prisma/enums';

const LIFETIME_MS: Record<EmailTokenPurpose, number> = { verify_email: 3 * 86_400_000, reset_password: 3_600_000 };

/** A single-use token for a mail link; only its hash is stored. */
export async function issueEmailToken(userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomToken(24);
  await db.emailToken.create({
    data: { userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) },
  });
  return token;
}

/** Marks the token used (atomically: a token works once) and returns its user id. */
export async function redeemEmailToken(token: string, purpose: EmailTokenPurpose): Promise<string> {
  const rows = await db.$queryRaw<Array<{ user_id: string }>>`
    UPDATE email_tokens SET used_at = now()
    WHERE token_hash = ${sha256(token)} AND purpose = ${purpose}::"EmailTokenPurpose" AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`;
  if (rows.length === 0) throw new AppError('bad_request', 'This link is invalid, expired or already used');
  return rows[0].user_id;
}
