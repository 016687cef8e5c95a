import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { hashPassword } from '@/lib/accounts/password';
import { sendVerificationMail } from '@/lib/accounts/account-mails';
import { assertMaySignUp, redeemSignUpInvitation } from '@/lib/accounts/signup-rule';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates an account (Free plan) when the sign-up rule admits the address, and mails a verification
 * link, unless an invitation mailed to the address already proved it. Sign-in works before verification.
 */
export async function registerUser(
  input: { email: string; password: string; name?: string; invitation?: string },
  baseUrl: string,
) {
  const email = normalizeEmail(input.email);
  const { verified } = await assertMaySignUp(email, input.invitation);
  try {
    const passwordHash = await hashPassword(input.password);
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email, name: input.name?.trim() || null, passwordHash, emailVerifiedAt: verified ? new Date() : null },
      });
      if (input.invitation !== undefined) await redeemSignUpInvitation(tx, input.invitation);
      return created;
    });
    try {
      if (!verified) await sendVerificationMail(user, baseUrl);
    } catch (e) {
      // No half-made account: the caller can simply retry once mail works again.
      await db.user.delete({ where: { id: user.id } }).catch(() => {});
      throw new AppError('service_unavailable', 'Could not send the verification mail, please retry', { cause: e });
    }
    return user;
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
      throw new AppError('conflict', 'An account with this e-mail address already exists');
    throw e;
  }
}
