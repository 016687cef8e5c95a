import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { Email } from '@/lib/schemas/accounts';
import { errors, json, text } from '@/lib/schemas/common';
import { PLANS } from '@/lib/plans';

// The administrators' operations (auth `admin`: an administrator's session or API key). What they
// do lives in lib/admin/, shared with the admin commands (scripts/admin.ts).

/** The OpenAPI tag of every administrators' operation. */
const adminTags = ['admin'];

const dateTime = () => z.string().meta({ format: 'date-time' });

const ACCOUNT_ROLES = ['user', 'admin'] as const;

const Usage = z.object({
  conversions: z.number().int(),
  bytes: z.number().int().meta({ description: 'Input bytes of those conversions' }),
});

export const AdminAccount = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    plan: z.enum(PLANS).meta({ description: "The account's own plan (a team member uses the team's)" }),
    role: z.enum(ACCOUNT_ROLES),
    verified: z.boolean().meta({ description: 'Whether the e-mail address is verified' }),
    disabled: z.boolean().meta({ description: 'A disabled account cannot sign in; its credentials answer 401' }),
    created_at: dateTime(),
    team: z
      .object({ id: z.string(), role: z.enum(['owner', 'member']) })
      .nullable()
      .meta({ description: 'The team the account is in, and its role there' }),
    usage: z.object({ today: Usage, last_30_days: Usage }).meta({
      description:
        "The account's daily allowance ledger (UTC days, today included): a team's conversions are counted for its owner",
    }),
  })
  .meta({ id: 'AdminAccount' });

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: 'Items in all pages' }),
    page: z.number().int().meta({ description: 'This page, from 1' }),
    pages: z.number().int().meta({ description: 'Pages in all (at least 1)' }),
  });

const pageQuery = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .meta({ param: { description: 'Page, from 1 (50 items a page)' } }),
};

const idParams = z.object({
  id: text()
    .min(1)
    .max(64)
    .meta({ param: { description: 'Account id' } }),
});

export const AdminAccountChange = z
  .object({
    account: AdminAccount,
    stripe_managed: z.boolean().meta({
      description: "Whether a live Stripe subscription manages the account's plan: its next event sets the plan again",
    }),
    warnings: z.array(z.string()).meta({ description: 'What the administrator should know about the change' }),
  })
  .meta({ id: 'AdminAccountChange' });

export const AdminTeam = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: z.enum(PLANS).meta({ description: "The owner's plan, which the members use" }),
    created_at: dateTime(),
    owner: z.object({ id: z.string(), email: z.string() }),
    members: z.array(z.object({ id: z.string(), email: z.string(), role: z.enum(['owner', 'member']) })),
  })
  .meta({ id: 'AdminTeam' });

export const AuditEntry = z
  .object({
    id: z.string(),
    actor: z.object({
      id: z.string().nullable().meta({ description: 'null for an admin command run on the server' }),
      email: z.string().meta({ description: 'The administrator\'s address, or "cli"' }),
    }),
    action: z.string().meta({ example: 'account.update' }),
    target: z
      .object({ id: z.string().nullable(), email: z.string().nullable() })
      .nullable()
      .meta({ description: 'The account acted on (it may since be deleted)' }),
    details: z.record(z.string(), z.unknown()).meta({
      description: 'The values: for a change, `{field: {from, to}}`',
      example: { plan: { from: 'free', to: 'pro' } },
    }),
    origin: z.string().meta({ description: 'The client address, or "cli"' }),
    created_at: dateTime(),
  })
  .meta({ id: 'AuditEntry' });

export const listAccountsOp = defineOperation({
  operationId: 'adminListAccounts',
  method: 'get',
  path: '/api/v1/admin/accounts',
  auth: 'admin',
  query: z.object({
    q: text()
      .trim()
      .max(254)
      .optional()
      .meta({ param: { description: 'Any part of the e-mail address or name, in any case' } }),
    ...pageQuery,
  }),
  responses: { 200: json(paged(AdminAccount).meta({ id: 'AdminAccountPage' }), 'Accounts, newest first') },
  openapi: { tags: adminTags, summary: 'List and search accounts' },
});

export const getAccountOp = defineOperation({
  operationId: 'adminGetAccount',
  method: 'get',
  path: '/api/v1/admin/accounts/{id}',
  auth: 'admin',
  params: idParams,
  responses: { 200: json(AdminAccount, 'The account') },
  openapi: { tags: adminTags, summary: 'One account' },
});

export const updateAccountOp = defineOperation({
  operationId: 'adminUpdateAccount',
  method: 'patch',
  path: '/api/v1/admin/accounts/{id}',
  auth: 'admin',
  params: idParams,
  body: z.strictObject({
    plan: z.enum(PLANS).optional(),
    verified: z.boolean().optional(),
    disabled: z.boolean().optional(),
    role: z.enum(ACCOUNT_ROLES).optional(),
  }),
  responses: { 200: json(AdminAccountChange, 'The account after the change') },
  openapi: {
    tags: adminTags,
    summary: "Change an account's plan, verification, disabled mark or role (audited)",
    description:
      'Only the fields sent change. A plan set here is overwritten by the next event of a live Stripe ' +
      "subscription (`stripe_managed`). Disabling takes effect on the account's next request. An " +
      'administrator cannot disable or demote their own account (409).',
    responses: errors(409),
  },
});

export const deleteAccountOp = defineOperation({
  operationId: 'adminDeleteAccount',
  method: 'delete',
  path: '/api/v1/admin/accounts/{id}',
  auth: 'admin',
  params: idParams,
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted, with every file it had') },
  openapi: {
    tags: adminTags,
    summary: 'Delete an account with its conversions, uploads and files (audited)',
    description: 'An administrator cannot delete their own account (409). A team it owns ends with it.',
    responses: errors(409),
  },
});

export const listTeamsOp = defineOperation({
  operationId: 'adminListTeams',
  method: 'get',
  path: '/api/v1/admin/teams',
  auth: 'admin',
  query: z.object(pageQuery),
  responses: { 200: json(paged(AdminTeam).meta({ id: 'AdminTeamPage' }), 'Teams, newest first') },
  openapi: { tags: adminTags, summary: 'List teams with their owner, plan and members' },
});

export const listAuditOp = defineOperation({
  operationId: 'adminListAudit',
  method: 'get',
  path: '/api/v1/admin/audit',
  auth: 'admin',
  query: z.object(pageQuery),
  responses: { 200: json(paged(AuditEntry).meta({ id: 'AuditEntryPage' }), 'Entries, newest first') },
  openapi: { tags: adminTags, summary: "The audit log of administrators' actions" },
});

const SignUpInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    token: z.string().meta({ description: 'Returned in this response only (and mailed in the link)' }),
    url: z.string().meta({ format: 'uri', description: 'The sign-up page with the invitation, as mailed' }),
    expires_at: dateTime(),
  })
  .meta({ id: 'SignUpInvitation' });

export const createInvitationOp = defineOperation({
  operationId: 'adminCreateInvitation',
  method: 'post',
  path: '/api/v1/admin/invitations',
  auth: 'admin',
  body: z.strictObject({ email: Email }),
  responses: { 200: json(SignUpInvitation, 'The invitation; its token is shown once and mailed') },
  openapi: {
    tags: adminTags,
    summary: 'Invite an address to sign up (audited)',
    description:
      'Mails a link to the sign-up page that admits this address where only invited people may sign up ' +
      '(`SIGNUP=invite`), with the address verified. Valid 7 days, once. 409 when the address has an ' +
      'account or an open invitation to sign up.',
    responses: errors(409),
  },
});

export const adminOperations = [
  listAccountsOp,
  getAccountOp,
  updateAccountOp,
  deleteAccountOp,
  listTeamsOp,
  listAuditOp,
  createInvitationOp,
];
