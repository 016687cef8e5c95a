import { db } from '@/lib/db';
import { redeemEmailToken } from '@/lib/accounts/email-tokens';
import { hashPassword } from '@/lib/accounts/password';
import { normalizeEmail } from '@/lib/accounts/register-user';
import { sendPasswordResetMail } from '@/lib/accounts/account-mails';
import { revokeAllSessions } from '@/lib/accounts/sessions';

/** Mails a reset link when the account exists; answers the same either way (no account probing). */
export async function requestPasswordReset(email: string, baseUrl: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true, email: true } });
  if (user) await sendPasswordResetMail(user, baseUrl);
}

export async function resetPassword(token: string, password: string): Promise<void> {
  const userId = await redeemEmailToken(token, 'reset_password');
  // Ends every API session and every browser sign-in made before now.
  await db.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(password), sessionsValidFrom: new Date() },
  });
  await revokeAllSessions(userId);
}

export async function verifyEmail(token: string): Promise<void> {
  const userId = await redeemEmailToken(token, 'verify_email');
  await db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
}
