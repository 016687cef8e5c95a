import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { sendVerificationMail } from '@/lib/accounts/account-mails';

/** Mails a fresh verification link; 409 when the address is already verified. */
export async function resendVerification(userId: string, baseUrl: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, emailVerifiedAt: true },
  });
  if (user.emailVerifiedAt) throw new AppError('invalid_state', 'This e-mail address is already verified');
  await sendVerificationMail(user, baseUrl);
}
