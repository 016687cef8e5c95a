import { z } from 'zod';
import { PLANS } from '@/lib/plans';
import { commaList, defineSettings, flag, httpUrl, text } from '../setting-types';

// Single sign-on through one OpenID Connect provider (lib/auth/oidc-provider.ts): on when
// OIDC_ISSUER is set, with the client's id and secret; the claim mapping is optional.

const PLAN_GROUP = new RegExp(`^(${PLANS.join('|')}):[^:]+$`);

export const ssoSettings = defineSettings({
  OIDC_ISSUER: {
    group: 'Single sign-on',
    schema: httpUrl().optional(),
    defaultText: 'unset (no single sign-on)',
    description:
      'The OpenID Connect provider (its configuration is read from `<issuer>/.well-known/openid-configuration`); ' +
      'setting it adds "Sign in with `OIDC_NAME`". Register the callback `PUBLIC_URL/api/auth/callback/oidc` there',
    example: 'https://id.example.com/realms/main',
  },
  OIDC_CLIENT_ID: {
    group: 'Single sign-on',
    schema: text().optional(),
    description: "Transmute's client id at the provider (needed with `OIDC_ISSUER`)",
    example: 'transmute',
  },
  OIDC_CLIENT_SECRET: {
    group: 'Single sign-on',
    schema: text().optional(),
    secret: true,
    description: "The client's secret (needed with `OIDC_ISSUER`), sent as HTTP Basic (`client_secret_basic`)",
  },
  OIDC_NAME: {
    group: 'Single sign-on',
    schema: text().default('SSO'),
    description: 'The provider as users know it: the sign-in button says "Sign in with `OIDC_NAME`"',
    example: 'Acme ID',
  },
  OIDC_SCOPES: {
    group: 'Single sign-on',
    schema: text().default('openid email profile'),
    description:
      'The scopes asked for, space-separated (add the one that releases the groups claim if the provider needs it)',
  },
  OIDC_GROUPS_CLAIM: {
    group: 'Single sign-on',
    schema: text().default('groups'),
    description: 'The claim (ID token or userinfo) that lists the groups of the person signing in: a list of names',
  },
  OIDC_ADMIN_GROUPS: {
    group: 'Single sign-on',
    schema: commaList('group names, comma-separated'),
    defaultText: 'empty (the provider does not decide roles)',
    description:
      "When set, each SSO sign-in sets the account's role: `admin` for members of one of these groups, `user` for others",
    example: 'transmute-admins',
  },
  OIDC_PLAN_GROUPS: {
    group: 'Single sign-on',
    schema: commaList(
      '`plan:group` pairs, comma-separated',
      z.string().regex(PLAN_GROUP, { error: `must be plan:group pairs, the plan one of ${PLANS.join(', ')}` }),
    ),
    defaultText: 'empty (the provider does not decide plans)',
    description:
      'When set, each SSO sign-in gives the account the highest plan whose group it is in; an account in none goes back to `free` unless it pays through Stripe',
    example: 'pro:transmute-pro,business:transmute-biz',
  },
  SSO_ONLY: {
    group: 'Single sign-on',
    schema: flag().default(false),
    description:
      'Sign-in and sign-up only through the provider: password sign-in and sign-up are gone from the pages and refused by the API (403). Needs `OIDC_ISSUER`',
  },
});
