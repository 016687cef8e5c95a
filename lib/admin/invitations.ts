import { AppError } from '@/lib/errors';
import { normalizeEmail } from '@/lib/accounts/register-user';
import { randomToken, sha256 } from '@/lib/crypto';
import { db } from '@/lib/db';
import { sendMail } from '@/lib/mail/send-mail';
import { INVITATION_TTL_MS, openInvitationWhere } from '@/lib/teams/team-rules';
import { type AdminActor, recordAudit } from '@/lib/admin/audit';

// An administrator's invitation to sign up: a team invitation without a team, so one table and one
// set of token rules (lib/domain/invitation-rules.ts) serve both, and the sign-up rule
// (lib/accounts/signup-rule.ts) admits either. Signing up with it uses it up.

/** The sign-up page with the invitation (app/(auth)/sign-up takes `?invitation=`). */
const signUpLink = (origin: string, token: string) =>
  `${origin.replace(/\/$/, '')}/sign-up?invitation=${encodeURIComponent(token)}`;

/**
 * Invites an address to sign up: valid 7 days, once, for this address only; the token is mailed
 * and returned once (only its hash is kept). Audited in the invitation's transaction.
 */
export async function inviteToSignUp(actor: AdminActor & { id: string }, rawEmail: string, origin: string) {
  const email = normalizeEmail(rawEmail);
  const token = randomToken(32);
  const invitation = await db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } }))
      throw new AppError('conflict', `An account with the e-mail address ${email} already exists`);
    if (await tx.teamInvitation.findFirst({ where: { ...openInvitationWhere(null), email } }))
      throw new AppError('conflict', `${email} already has an open invitation to sign up`);
    const created = await tx.teamInvitation.create({
      data: {
        teamId: null,
        email,
        tokenHash: sha256(token),
        invitedById: actor.id,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      },
    });
    await recordAudit(tx, actor, {
      action: 'invitation.create',
      target: { id: null, email },
      details: { invitation: created.id, expires_at: created.expiresAt.toISOString() },
    });
    return created;
  });
  const url = signUpLink(origin, token);
  await sendMail({
    to: email,
    subject: 'You are invited to Transmute',
    text:
      `Create your account with this link (valid until ${invitation.expiresAt.toISOString()}, once):\n` +
      `${url}\nSign up with this e-mail address.\n`,
  });
  return { id: invitation.id, email, token, url, expires_at: invitation.expiresAt.toISOString() };
}
