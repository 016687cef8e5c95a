import { z } from 'zod';
import { type Setting } from './setting-types';
import { accountSettings } from './variables/accounts';
import {
  billingSettings,
  cloudSettings,
  mailSettings,
  outboundSettings,
  planLimitSettings,
  stripePriceSettings,
} from './variables/features';
import { processingSettings } from './variables/processing';
import { serviceSettings } from './variables/service';
import { ssoSettings } from './variables/sso';

// The one schema of the service's configuration: every variable it reads, with its type, default,
// group and whether it is secret. Processes validate it at start (validate-config.ts), modules read
// one variable through it (read-setting.ts), and `.env.example` and the README's tables are written
// from it (env-docs.ts, `npm run config:docs`).

/**
 * Variables read outside the schema, where they are used: Node's and Next's own, the benchmarks'
 * switches, the scripts' own ports and paths, and the secret the web server makes for itself at
 * start (lib/identity/client-address.ts).
 */
export const OUTSIDE_SCHEMA = [
  'NODE_ENV',
  'NEXT_RUNTIME',
  'NEXT_TELEMETRY_DISABLED',
  'NEXTAUTH_URL',
  'VITEST',
  'PHASE_TIMINGS',
  'TEST_DB_PORT',
  'IMAGE_TEST_DB_PORT',
  'IMAGE_TEST_PORT',
  'TRANSMUTE_APP_DIR',
  'TRANSMUTE_IMAGE',
  'TRANSMUTE_CLIENT_ADDRESS_SECRET',
] as const;

/** The variables modules read by name (typed). */
export const SETTINGS = {
  ...serviceSettings,
  ...accountSettings,
  ...ssoSettings,
  ...processingSettings,
  ...mailSettings,
  ...billingSettings,
  ...cloudSettings,
  ...outboundSettings,
};
export type SettingName = keyof typeof SETTINGS;
export type SettingValue<K extends SettingName> = z.output<(typeof SETTINGS)[K]['schema']>;

/** Every variable, the families named by pattern (PLAN_<PLAN>_<LIMIT>, STRIPE_PRICE_<PLAN>) included. */
export const ALL_SETTINGS: Record<string, Setting> = { ...SETTINGS, ...stripePriceSettings, ...planLimitSettings };

/** The environment a process reads its configuration from. */
export type Env = Record<string, string | undefined>;

/** The text a variable holds, or undefined when it is unset or empty. */
export const rawSetting = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether processes on other machines may share this deployment's data: a database reachable from
 * elsewhere (not on loopback, not a Unix socket), S3 storage, or a STORAGE_DIR (a shared folder).
 * A secret generated into one machine's DATA_DIR would then differ on every other machine.
 */
function sharesData(values: {
  DATABASE_URL?: string;
  STORAGE_DIR?: string;
  STORAGE_DRIVER?: string;
  S3_BUCKET?: string;
}) {
  const reasons: string[] = [];
  if (values.DATABASE_URL && URL.canParse(values.DATABASE_URL)) {
    const url = new URL(values.DATABASE_URL);
    const socket = !url.hostname || url.searchParams.get('host')?.startsWith('/');
    if (!socket && !LOOPBACK.test(url.hostname)) reasons.push('DATABASE_URL is on another host');
  }
  if ((values.STORAGE_DRIVER ?? (values.S3_BUCKET ? 's3' : 'local')) === 's3') reasons.push('storage is S3');
  if (values.STORAGE_DIR) reasons.push('STORAGE_DIR is set');
  return reasons;
}

/** The whole configuration: each variable's schema, and the rules between variables. */
export const configSchema = z
  .object(Object.fromEntries(Object.entries(ALL_SETTINGS).map(([name, s]) => [name, s.schema])))
  .superRefine((values, ctx) => {
    const v = values as Record<string, string | undefined>;
    const reasons = sharesData(v);
    if (reasons.length > 0 && !v.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: `must be set (at least 32 characters, the same in every process) because ${reasons.join(' and ')}`,
      });
    }
    const domains = (values as { SIGNUP_DOMAINS?: string[] }).SIGNUP_DOMAINS ?? [];
    if (v.SIGNUP === 'domains' && domains.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNUP_DOMAINS'],
        message: 'must name at least one domain when SIGNUP is domains',
      });
    }
    if (v.OIDC_ISSUER) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with OIDC_ISSUER' });
      }
    }
    if ((values as { SSO_ONLY?: boolean }).SSO_ONLY && !v.OIDC_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['SSO_ONLY'],
        message: 'needs OIDC_ISSUER: with sign-in only through a provider, one must be configured',
      });
    }
  });
