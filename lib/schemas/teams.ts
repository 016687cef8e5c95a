import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { Email } from '@/lib/schemas/accounts';
import { errors, json, text } from '@/lib/schemas/common';
import { PLANS } from '@/lib/plans';

const dateTime = () => z.string().meta({ format: 'date-time' });

const TeamRole = z.enum(['owner', 'member']);

export const Team = z
  .object({
    team: z.object({
      id: z.string(),
      name: z.string(),
      plan: z.enum(PLANS).meta({ description: "The owner's plan, which every member uses" }),
      capacity: z.number().int().nullable().meta({ description: 'Members allowed, owner included; null = unlimited' }),
      created_at: dateTime(),
    }),
    members: z.array(
      z.object({
        user_id: z.string(),
        email: z.string(),
        name: z.string().nullable(),
        role: TeamRole,
        joined_at: dateTime(),
      }),
    ),
    invitations: z
      .array(z.object({ id: z.string(), email: z.string(), created_at: dateTime(), expires_at: dateTime() }))
      .meta({ description: 'Open invitations; listed for the owner only' }),
  })
  .meta({ id: 'Team' });

export const CreatedInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    token: z.string().meta({ description: 'Returned in this response only (and mailed as a /team/join link)' }),
    expires_at: dateTime(),
  })
  .meta({ id: 'TeamInvitation' });

const tags = ['Teams'];

// SPEC: leaving "returns the person to the Free plan". Read as: the team's plan stops applying at
// once; a person who pays for a subscription of their own keeps it (profile `own_plan`).
const AFTER_LEAVING =
  "The team's plan stops applying at once: the person is back on the Free plan, or on the paid " +
  "subscription of their own if they have one (their profile's `own_plan`)";
const idParam = (description: string) =>
  z.object({
    id: text().min(1).max(64).meta({ param: { description } }),
  });

export const getTeamOp = defineOperation({
  operationId: 'getTeam',
  method: 'get',
  path: '/api/v1/team',
  auth: 'bearer',
  responses: { 200: json(Team, 'Your team, its members and (for the owner) open invitations') },
  openapi: { tags, summary: 'Your team', responses: errors(404) },
});

export const createTeamOp = defineOperation({
  operationId: 'createTeam',
  method: 'post',
  path: '/api/v1/team',
  auth: 'bearer',
  body: z.strictObject({ name: text().trim().min(1).max(100) }),
  responses: { 200: json(Team, 'The new team, with you as its owner') },
  openapi: { tags, summary: 'Create a team (Pro and Business)', responses: errors(409) },
});

export const inviteOp = defineOperation({
  operationId: 'inviteTeamMember',
  method: 'post',
  path: '/api/v1/team/invites',
  auth: 'bearer',
  body: z.strictObject({ email: Email }),
  responses: { 200: json(CreatedInvitation, 'The invitation; its token is shown once and mailed') },
  openapi: {
    tags,
    summary:
      'Invite someone by e-mail address (owner). Valid 7 days, single use; members plus open ' +
      'invitations may not exceed the capacity (403 `team_full`)',
    responses: errors(404, 409),
  },
});

export const withdrawInviteOp = defineOperation({
  operationId: 'withdrawTeamInvitation',
  method: 'delete',
  path: '/api/v1/team/invites/{id}',
  auth: 'bearer',
  params: idParam('Invitation id'),
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Withdrawn: the token stops working') },
  openapi: { tags, summary: 'Withdraw an invitation (owner)', responses: errors(409) },
});

export const joinTeamOp = defineOperation({
  operationId: 'joinTeam',
  method: 'post',
  path: '/api/v1/team/join',
  auth: 'bearer',
  body: z.strictObject({ token: text().trim().min(1).max(200) }),
  responses: { 200: json(Team, 'The team you joined') },
  openapi: {
    tags,
    summary: 'Accept an invitation (only the account with the invited e-mail address, once it is verified)',
    responses: errors(403, 404, 409, 410),
  },
});

export const removeMemberOp = defineOperation({
  operationId: 'removeTeamMember',
  method: 'delete',
  path: '/api/v1/team/members/{id}',
  auth: 'bearer',
  params: idParam('User id of the member (your own to leave)'),
  responses: { 200: json(z.object({ removed: z.literal(true) }), `Removed. ${AFTER_LEAVING}`) },
  openapi: {
    tags,
    summary: 'Remove a member (owner), or leave (your own id)',
    description: `${AFTER_LEAVING}. The owner cannot leave while members remain (409); an owner alone leaving dissolves the team.`,
    responses: errors(409),
  },
});

export const teamOperations = [getTeamOp, createTeamOp, inviteOp, withdrawInviteOp, joinTeamOp, removeMemberOp];
