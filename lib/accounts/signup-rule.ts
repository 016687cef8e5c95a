import { config } from '@/lib/config';
import { sha256 } from '@/lib/crypto';
import { db } from '@/lib/db';
import { closedInvitationReason } from '@/lib/domain/invitation-rules';
import { AppError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';

// Who may create an account (SIGNUP, SIGNUP_DOMAINS). The one place the rule is decided: password
// sign-up calls it, and so must every other way an account comes into being (single sign-on), so
// the rule cannot be gone around by choosing another door.

type SignupMode = typeof config.signup;

/** The rule in force, as the sign-up page shows it. */
export function signupRule(): { mode: SignupMode; domains: string[] } {
  return { mode: config.signup, domains: config.signupDomains };
}

const listOf = (domains: string[]) =>
  domains.length <= 1 ? (domains[0] ?? '') : `${domains.slice(0, -1).join(', ')} or ${domains.at(-1)}`;

/** The sentence the sign-up page shows under the rule; none when anyone may sign up. */
export function signupRuleText(rule = signupRule()): string | undefined {
  switch (rule.mode) {
    case 'open':
      return undefined;
    case 'domains':
      return `Only addresses at ${listOf(rule.domains)} can sign up.`;
    case 'invite':
      return 'Sign-up is by invitation only: use the link in your invitation mail.';
    case 'closed':
      return 'Sign-up is closed on this server. Ask its administrator for an account.';
  }
}

const refused = (message: string) => new AppError('forbidden', message);

/** Why an invitation token does not admit `email`, or undefined when it does (open, for this address). */
async function invitationProblem(token: string, email: string): Promise<string | undefined> {
  const invitation = await db.teamInvitation.findUnique({ where: { tokenHash: sha256(token) } });
  if (!invitation) return 'This invitation is not known';
  if (invitation.email !== email) return 'This invitation is for another e-mail address';
  return closedInvitationReason(invitation);
}

/**
 * Decides whether `email` (normalized) may create an account, throwing 403 with the reason when not.
 * An invitation, when given, must be open and addressed to `email`: a team's or an administrator's
 * invitation to sign up (one without a team). It was mailed there, so the address counts as verified
 * (`verified: true`). It is not used up here: joining the team redeems a team's, and the account's
 * creation an administrator's (`redeemSignUpInvitation`).
 */
export async function assertMaySignUp(email: string, invitation?: string): Promise<{ verified: boolean }> {
  const rule = signupRule();
  if (rule.mode === 'closed') throw refused('Sign-up is closed on this server: ask its administrator for an account');
  if (rule.mode === 'domains' && !rule.domains.includes(email.slice(email.lastIndexOf('@') + 1))) {
    throw refused(`Only addresses at ${listOf(rule.domains)} can sign up on this server`);
  }
  if (invitation === undefined) {
    if (rule.mode === 'invite')
      throw refused('Sign-up on this server needs an invitation: use the link in your invitation mail');
    return { verified: false };
  }
  const problem = await invitationProblem(invitation, email);
  if (problem) {
    throw refused(rule.mode === 'invite' ? `${problem}; sign-up on this server needs a valid invitation` : problem);
  }
  return { verified: true };
}

/**
 * Uses up an administrator's invitation to sign up (one without a team) in the transaction that
 * creates its account; a team's invitation stays open for joining the team.
 */
export async function redeemSignUpInvitation(tx: Prisma.TransactionClient, token: string): Promise<void> {
  await tx.teamInvitation.updateMany({
    where: { tokenHash: sha256(token), teamId: null, acceptedAt: null, withdrawnAt: null },
    data: { acceptedAt: new Date() },
  });
}
