import { issueEmailToken } from '@/lib/accounts/email-tokens';
import { sendMail } from '@/lib/mail/send-mail';

// baseUrl comes from publicOrigin() (lib/http/public-origin.ts), which already prefers PUBLIC_URL.
const appUrl = (baseUrl: string) => baseUrl.replace(/\/$/, '');

export async function sendVerificationMail(user: { id: string; email: string }, baseUrl: string) {
  const token = await issueEmailToken(user.id, 'verify_email');
  await sendMail({
    to: user.email,
    subject: 'Confirm your e-mail address for Transmute',
    text: `Confirm your address by opening this link (valid for 3 days):\n${appUrl(baseUrl)}/verify-email?token=${token}\n`,
  });
}

export async function sendPasswordResetMail(user: { id: string; email: string }, baseUrl: string) {
  const token = await issueEmailToken(user.id, 'reset_password');
  await sendMail({
    to: user.email,
    subject: 'Reset your Transmute password',
    text: `Choose a new password with this link (valid for 1 hour):\n${appUrl(baseUrl)}/reset-password?token=${token}\nIf you did not ask for this, ignore this mail.\n`,
  });
}
