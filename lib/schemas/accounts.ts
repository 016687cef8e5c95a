import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { PLANS } from '@/lib/plans';
import { errors, json, text } from '@/lib/schemas/common';

export const Email = text().trim().max(254).pipe(z.email()).meta({ example: 'ada@example.com' });
// Any printable character, spaces and non-ASCII included; control characters are refused like everywhere.
const Password = text().min(8, 'must be at least 8 characters').max(200);

export const Profile = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    plan: z.enum(PLANS).meta({
      description:
        "The plan in force: a team member's is the team's (the owner's) plan, as in GET /api/v1/subscriptions/me",
    }),
    own_plan: z.enum(PLANS).meta({
      description:
        'Your own plan: `free` unless you pay for a subscription of your own. It differs from `plan` while a ' +
        "team's plan applies, and is the plan you return to when you leave or are removed from the team",
    }),
    email_verified: z.boolean(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Profile' });

const TokenPair = z
  .object({
    access_token: z.string().meta({ description: 'JWT session token for `Authorization: Bearer`' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the access token expires (900)' }),
    refresh_token: z.string().meta({
      description: 'Opaque, single use: POST /api/v1/auth/refresh returns a new pair. Valid 30 days.',
    }),
  })
  .meta({ id: 'TokenPair' });

export const registerOp = defineOperation({
  operationId: 'registerAccount',
  method: 'post',
  path: '/api/v1/auth/register',
  auth: 'open',
  body: z.strictObject({
    email: Email,
    password: Password,
    name: text().trim().max(100).optional(),
    invitation: text()
      .max(200)
      .optional()
      .meta({
        description:
          'The token of an invitation to this address (a team invitation). Needed where the server lets only ' +
          'invited people sign up; with it the address counts as verified and no verification link is mailed. ' +
          'The invitation stays open: joining the team still takes POST /api/v1/team/join',
      }),
  }),
  responses: { 200: json(Profile, 'The new profile') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Create an account (Free plan); a verification link is mailed',
    description:
      'The server decides who may sign up (`SIGNUP`): anyone, addresses at some domains, only invited ' +
      'addresses, or no one. A refused address answers 403 with the reason. A server that signs in ' +
      'through its OpenID provider only (`SSO_ONLY`) answers 403: accounts are made at the first sign-in there.',
    responses: errors(403, 409),
  },
});

export const tokenOp = defineOperation({
  operationId: 'createSessionToken',
  method: 'post',
  path: '/api/v1/auth/token',
  auth: 'open',
  body: z.strictObject({ email: text().max(254), password: text().max(200) }),
  responses: { 200: json(TokenPair, 'Tokens') },
  openapi: {
    tags: ['Accounts'],
    summary:
      'Sign in: issue a session token (JWT, 15 minutes) and a refresh token (403 `account_disabled` for a ' +
      'disabled account)',
    description:
      'A server that signs in through its OpenID provider only (`SSO_ONLY`) answers 403: passwords are no ' +
      'way in there.',
    responses: errors(401, 403),
  },
});

export const refreshOp = defineOperation({
  operationId: 'refreshSessionToken',
  method: 'post',
  path: '/api/v1/auth/refresh',
  auth: 'open',
  body: z.strictObject({ refresh_token: text().min(1).max(200) }),
  responses: { 200: json(TokenPair, 'Tokens') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Swap a refresh token for a new token pair (the old refresh token stops working)',
    description:
      'A refresh token already swapped and presented again answers 401 and revokes its whole session: ' +
      'the access and refresh tokens issued since stop working too (a reused token was copied). A disabled ' +
      "account's refresh token answers 401 and works again once the account is enabled.",
    responses: errors(401),
  },
});

export const revokeOp = defineOperation({
  operationId: 'revokeSessionToken',
  method: 'post',
  path: '/api/v1/auth/revoke',
  auth: 'bearer',
  responses: { 200: json(z.object({ revoked: z.literal(true) }), 'Revoked') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Revoke the session of this token: its access and refresh tokens stop working',
    description: '400 for a browser session (it signs out instead).',
    responses: errors(400),
  },
});

export const verifyEmailOp = defineOperation({
  operationId: 'verifyEmail',
  method: 'post',
  path: '/api/v1/auth/verify-email',
  auth: 'open',
  body: z.strictObject({ token: text().min(1).max(200) }),
  responses: { 200: json(z.object({ verified: z.literal(true) }), 'Verified') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Confirm an e-mail address with the token from the verification mail',
  },
});

export const passwordResetOp = defineOperation({
  operationId: 'requestPasswordReset',
  method: 'post',
  path: '/api/v1/auth/password-reset',
  auth: 'open',
  body: z.strictObject({ email: text().max(254) }),
  responses: { 200: json(z.object({ sent: z.literal(true) }), 'Accepted') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Mail a password reset link (answers the same whether or not the account exists)',
    description:
      'A server that signs in through its OpenID provider only (`SSO_ONLY`) answers 403: passwords are not a way in there.',
    responses: errors(403),
  },
});

export const passwordResetConfirmOp = defineOperation({
  operationId: 'confirmPasswordReset',
  method: 'post',
  path: '/api/v1/auth/password-reset/confirm',
  auth: 'open',
  body: z.strictObject({ token: text().min(1).max(200), password: Password }),
  responses: { 200: json(z.object({ reset: z.literal(true) }), 'Password changed') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Set a new password with the token from the reset mail; ends all API sessions',
    description:
      'A server that signs in through its OpenID provider only (`SSO_ONLY`) answers 403: passwords are not a way in there.',
    responses: errors(403),
  },
});

export const profileOp = defineOperation({
  operationId: 'getProfile',
  method: 'get',
  path: '/api/v1/user/profile',
  auth: 'bearer',
  responses: { 200: json(Profile, 'Profile') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Your profile, with the plan in force and your own plan',
  },
});

export const resendVerificationOp = defineOperation({
  operationId: 'resendVerificationEmail',
  method: 'post',
  path: '/api/v1/auth/verify-email/resend',
  auth: 'bearer',
  responses: { 200: json(z.object({ sent: z.literal(true) }), 'Sent') },
  openapi: {
    tags: ['Accounts'],
    summary: 'Mail a new verification link to your address',
    description: '409 when the address is already verified.',
    responses: errors(409),
  },
});

// Browser sign-in is next-auth's own protocol (pages, redirects, cookies), not a JSON API.
const NextAuthParams = z.object({
  nextauth: text().meta({ param: { description: 'next-auth action (signin, callback, session, csrf, signout…)' } }),
});
const nextAuth = (method: 'get' | 'post') =>
  defineOperation({
    operationId: method === 'get' ? 'nextAuthGet' : 'nextAuthPost',
    method,
    path: '/api/auth/{nextauth}',
    auth: 'open',
    params: NextAuthParams,
    responses: {},
    openapi: {
      tags: ['Internal'],
      summary: `Browser sign-in (next-auth, ${method.toUpperCase()}); API clients use /api/v1/auth/token`,
      responses: {
        '200': { description: 'next-auth protocol response (HTML, JSON or a redirect)' },
        '302': { description: 'next-auth redirect' },
        '400': { description: 'next-auth refuses the request, or a JSON body is not a JSON object (`bad_request`)' },
      },
    },
  });

export const nextAuthGetOp = nextAuth('get');
export const nextAuthPostOp = nextAuth('post');

// The link page's form (/sign-in/link): part of the browser's single sign-on, answered with redirects.
export const ssoLinkOp = defineOperation({
  operationId: 'linkSsoSignIn',
  method: 'post',
  path: '/api/auth/sso-link',
  auth: 'open',
  responses: {},
  openapi: {
    tags: ['Internal'],
    summary: "Link a pending single sign-on to the password account with its address (the link page's form)",
    description:
      'The browser holds the pending link in an HTTP-only cookie set by the SSO callback; the form sends the ' +
      "account's password. Answers 303 to `/sign-in/link?linked=1` or `?error=<code>`.",
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] },
        },
      },
    },
    responses: {
      '303': { description: 'Back to the link page, linked or with the reason it was not' },
      '403': { description: 'The form was posted from another site' },
    },
  },
});
