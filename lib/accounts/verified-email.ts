import { AppError } from '@/lib/errors';

/**
 * Whether an account may act on the strength of its e-mail address (joining a team invited by
 * address): only once the address is verified, else anyone could register a victim's address and
 * take what was sent to it. 403 until then.
 */
export function assertEmailVerified(user: { emailVerifiedAt: Date | null }): void {
  if (!user.emailVerifiedAt)
    throw new AppError(
      'forbidden',
      'Verify your e-mail address first: follow the link we mailed, or ask for a new one (POST /api/v1/auth/verify-email/resend)',
    );
}
