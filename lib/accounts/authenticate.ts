import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { dummyPasswordHash, verifyPassword } from '@/lib/accounts/password';
import { normalizeEmail } from '@/lib/accounts/register-user';
import { ACCOUNT_DISABLED } from '@/lib/domain/account-rules';

/**
 * The account for these credentials, or 401. Unknown e-mails cost the same time as wrong passwords.
 * A disabled account is told so (403), but only once the password is right: the answer tells no
 * stranger which addresses have an account.
 */
export async function authenticate(email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) }, omit: { passwordHash: false } });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !ok) throw new AppError('unauthorized', 'Wrong e-mail address or password');
  if (user.disabledAt) throw new AppError('account_disabled', ACCOUNT_DISABLED);
  const { passwordHash: _hash, ...safe } = user;
  void _hash;
  return safe;
}
