import { sendMail } from '@/lib/mail/send-mail';

/** The page that accepts an invitation (app/team/join). */
const joinLink = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/team/join?token=${token}`;

export async function sendTeamInvitationMail(
  invite: { to: string; teamName: string; token: string; expiresAt: Date },
  origin: string,
) {
  await sendMail({
    to: invite.to,
    subject: `You are invited to the team "${invite.teamName}" on Transmute`,
    text:
      `Join the team "${invite.teamName}" with this link (valid until ${invite.expiresAt.toISOString()}, once):\n` +
      `${joinLink(origin, invite.token)}\nSign in or register with this e-mail address first.\n`,
  });
}
