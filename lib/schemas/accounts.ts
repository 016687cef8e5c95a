import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { errors, json } from '@/lib/schemas/common';


const Email = z.string().trim().max(254).pipe(z.email()).meta({ example: 'ada@example.com' });
const Password = z.string().min(8, 'must be at least 8 characters').max(200);

export const Profile = z
  .object({ id: z.string(), email: z.string(), name: z.string().nullable(), plan: z.enum(['free', 'starter', 'pro', 'business']), email_verified: z.boolean(), created_at: z.string().meta({ format: 'date-time' }) })
  .meta({ id: 'Profile' });

export const TokenPair = z
  .object({
    access_token: z.string().meta({ description: 'JWT session token for `Authorization: Bearer`' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the access token expires (900)' }),
    refresh_token: z.string().meta({ description: 'Opaque, single use: POST /api/v1/auth/refresh returns a new pair. Valid 30 days.' }),
  })
  .meta({ id: 'TokenPair' });

export const registerOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/register',
  auth: 'open',
  body: z.strictObject({ email: Email, password: Password, name: z.string().trim().max(100).optional() }),
  openapi: { tags: ['Accounts'], summary: 'Create an account (Free plan); a verification link is mailed', responses: { '201': json(Profile, 'The new profile'), ...errors(400, 409, 429) } },
});

export const tokenOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/token',
  auth: 'open',
  body: z.strictObject({ email: z.string().max(254), password: z.string().max(200) }),
  openapi: { tags: ['Accounts'], summary: 'Sign in: issue a session token (JWT, 15 minutes) and a refresh token', responses: { '200': json(TokenPair, 'Tokens'), ...errors(400, 401, 429) } },
});

export const refreshOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/refresh',
  auth: 'open',
  body: z.strictObject({ refresh_token: z.string().min(1).max(200) }),
  openapi: { tags: ['Accounts'], summary: 'Swap a refresh token for a new token pair (the old refresh token stops working)', responses: { '200': json(TokenPair, 'Tokens'), ...errors(400, 401, 429) } },
});

export const revokeOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/revoke',
  auth: 'bearer',
  openapi: { tags: ['Accounts'], summary: 'Revoke the session of this token: its access and refresh tokens stop working', responses: { '200': json(z.object({ revoked: z.literal(true) }), 'Revoked'), ...errors(401, 429) } },
});

export const verifyEmailOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/verify-email',
  auth: 'open',
  body: z.strictObject({ token: z.string().min(1).max(200) }),
  openapi: { tags: ['Accounts'], summary: 'Confirm an e-mail address with the token from the verification mail', responses: { '200': json(z.object({ verified: z.literal(true) }), 'Verified'), ...errors(400, 429) } },
});

export const passwordResetOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/password-reset',
  auth: 'open',
  body: z.strictObject({ email: z.string().max(254) }),
  openapi: { tags: ['Accounts'], summary: 'Mail a password reset link (answers the same whether or not the account exists)', responses: { '200': json(z.object({ sent: z.literal(true) }), 'Accepted'), ...errors(400, 429) } },
});

export const passwordResetConfirmOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/password-reset/confirm',
  auth: 'open',
  body: z.strictObject({ token: z.string().min(1).max(200), password: Password }),
  openapi: { tags: ['Accounts'], summary: 'Set a new password with the token from the reset mail; ends all API sessions', responses: { '200': json(z.object({ reset: z.literal(true) }), 'Password changed'), ...errors(400, 429) } },
});

export const profileOp = defineOperation({
  method: 'get',
  path: '/api/v1/user/profile',
  auth: 'bearer',
  openapi: { tags: ['Accounts'], summary: 'Your profile', responses: { '200': json(Profile, 'Profile'), ...errors(401, 403, 429) } },
});

export const nextAuthOp = defineOperation({
  method: 'post',
  path: '/api/auth/{nextauth}',
  auth: 'open',
  params: z.object({ nextauth: z.string().meta({ param: { description: 'next-auth action (signin, callback, session, csrf, signout…)' } }) }),
  openapi: { tags: ['Internal'], summary: 'Browser sign-in (next-auth, GET and POST); API clients use /api/v1/auth/token', responses: { '200': { description: 'next-auth protocol response' } } },
});

export const resendVerificationOp = defineOperation({
  method: 'post',
  path: '/api/v1/auth/verify-email/resend',
  auth: 'bearer',
  openapi: { tags: ['Accounts'], summary: 'Mail a new verification link to your address', responses: { '200': json(z.object({ sent: z.literal(true) }), 'Sent'), ...errors(401, 409, 429) } },
});
