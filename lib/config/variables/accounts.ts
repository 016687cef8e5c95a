import { z } from 'zod';
import { choice, commaList, defineSettings } from '../setting-types';

// Who may create an account on this server (lib/accounts/signup-rule.ts applies it).

export const accountSettings = defineSettings({
  SIGNUP: {
    group: 'Accounts',
    schema: choice(['open', 'domains', 'invite', 'closed']).default('open'),
    description:
      "Who may create an account: `open`, anyone; `domains`, addresses at `SIGNUP_DOMAINS`; `invite`, only the address of an invitation (a team owner's), which then counts as verified; `closed`, no one. Applies to every way of signing up",
  },
  SIGNUP_DOMAINS: {
    group: 'Accounts',
    schema: commaList(
      'domain names, comma-separated',
      z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: 'must be domain names, comma-separated' }),
      (domain) => domain.replace(/^@/, ''),
    ),
    defaultText: 'empty',
    description: 'With `SIGNUP=domains`: the domains whose addresses may sign up (exactly these, not their subdomains)',
    example: 'example.com,example.org',
  },
});
