import { z } from 'zod';
import { PAID_PLANS, PLAN_LIMIT_ENV_NAMES, PLAN_NAMES, PLANS } from '@/lib/plans';
import { commaList, defineSettings, flag, httpUrl, seconds, text, type Setting } from '../setting-types';

// The optional features. Each is on when its variables are set and off when they are not: a missing
// provider secret turns its feature off, it never stops the service.

export const mailSettings = defineSettings({
  SMTP_URL: {
    group: 'Email',
    schema: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .describe('`smtp://` or `smtps://` URL')
      .optional(),
    secret: true,
    defaultText: 'unset (mails go to the server log)',
    description: 'Send mail (verification, password reset) over SMTP',
    example: 'smtps://user:password@mail.example.com',
  },
  MAIL_FROM: {
    group: 'Email',
    schema: text().default('Transmute <no-reply@localhost>'),
    description: 'Sender of the mails',
  },
  MAIL_OUTBOX_DIR: {
    group: 'Email',
    schema: text().optional(),
    description: 'Without `SMTP_URL`: write each mail as a JSON file in this folder instead of the log',
  },
});

/** One price id per paid plan, named after the plan. */
export const stripePriceSettings: Record<string, Setting> = Object.fromEntries(
  PAID_PLANS.map((plan) => [
    `STRIPE_PRICE_${plan.toUpperCase()}`,
    {
      group: 'Billing',
      schema: text().optional(),
      description: `The Stripe price id of the ${PLAN_NAMES[plan]} plan`,
      example: 'price_…',
    } satisfies Setting,
  ]),
);

export const billingSettings = defineSettings({
  STRIPE_SECRET_KEY: {
    group: 'Billing',
    schema: text().optional(),
    secret: true,
    defaultText: 'unset (plans are set with `admin set-plan`)',
    description: 'Enables Stripe Checkout, the Customer Portal and the webhook at `/api/webhooks/stripe`',
    example: 'sk_live_…',
  },
  STRIPE_WEBHOOK_SECRET: {
    group: 'Billing',
    schema: text().optional(),
    secret: true,
    description:
      "The webhook's signing secret (subscribe it to `checkout.session.completed` and `customer.subscription.created`, `.updated`, `.deleted`)",
    example: 'whsec_…',
  },
  STRIPE_API_BASE: {
    group: 'Billing',
    schema: httpUrl().optional(),
    defaultText: "Stripe's",
    description: "Stripe's API address (tests point it at a stand-in)",
  },
});

/** A cloud provider's API and OAuth endpoints: overridable, the provider's own by default. */
const endpoint = (description: string, url: string) => ({
  group: 'Cloud import' as const,
  schema: httpUrl().default(url),
  description,
});

export const cloudSettings = defineSettings({
  GOOGLE_DRIVE_CLIENT_ID: {
    group: 'Cloud import',
    schema: text().optional(),
    description: "Enables Google Drive (the picker's OAuth client); files are read with the picker's access token",
  },
  GOOGLE_DRIVE_CLIENT_SECRET: {
    group: 'Cloud import',
    schema: text().optional(),
    secret: true,
    description: 'With the client id, people connect their Google Drive (OAuth 2.0 with PKCE) and pick files',
  },
  GOOGLE_DRIVE_API_BASE: endpoint('Google Drive API', 'https://www.googleapis.com'),
  GOOGLE_DRIVE_AUTHORIZE_URL: endpoint(
    "Google's OAuth authorization endpoint",
    'https://accounts.google.com/o/oauth2/v2/auth',
  ),
  GOOGLE_DRIVE_TOKEN_URL: endpoint("Google's OAuth token endpoint", 'https://oauth2.googleapis.com/token'),
  DROPBOX_APP_KEY: {
    group: 'Cloud import',
    schema: text().optional(),
    description:
      "Enables Dropbox (`file_id` is a shared link, with the Chooser's access token, or a file id of a connected account)",
  },
  DROPBOX_APP_SECRET: {
    group: 'Cloud import',
    schema: text().optional(),
    secret: true,
    description: 'With the app key, people connect their Dropbox and pick files',
  },
  DROPBOX_API_BASE: endpoint('Dropbox API', 'https://api.dropboxapi.com'),
  DROPBOX_CONTENT_API_BASE: endpoint('Dropbox content API', 'https://content.dropboxapi.com'),
  DROPBOX_AUTHORIZE_URL: endpoint("Dropbox's OAuth authorization endpoint", 'https://www.dropbox.com/oauth2/authorize'),
  DROPBOX_TOKEN_URL: endpoint("Dropbox's OAuth token endpoint", 'https://api.dropboxapi.com/oauth2/token'),
  ONEDRIVE_CLIENT_ID: {
    group: 'Cloud import',
    schema: text().optional(),
    description: 'Enables OneDrive (`file_id` is an item id or a sharing link)',
  },
  ONEDRIVE_CLIENT_SECRET: {
    group: 'Cloud import',
    schema: text().optional(),
    secret: true,
    description: 'With the client id, people connect their OneDrive and pick files',
  },
  ONEDRIVE_API_BASE: endpoint('Microsoft Graph API', 'https://graph.microsoft.com'),
  ONEDRIVE_AUTHORIZE_URL: endpoint(
    "Microsoft's OAuth authorization endpoint",
    'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  ),
  ONEDRIVE_TOKEN_URL: endpoint(
    "Microsoft's OAuth token endpoint",
    'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  ),
  CLOUD_S3_BUCKET: {
    group: 'Cloud import',
    schema: text().optional(),
    description: 'Enables `s3`: a bucket the administrator shares (`file_id` is the object key)',
  },
  CLOUD_S3_ENDPOINT: {
    group: 'Cloud import',
    schema: z.url({ error: 'must be a URL' }).describe('URL').optional(),
    defaultText: "AWS's",
    description: "Address of that bucket's S3-compatible store",
  },
  CLOUD_S3_REGION: { group: 'Cloud import', schema: text().default('us-east-1'), description: 'Region of that bucket' },
  CLOUD_S3_ACCESS_KEY_ID: {
    group: 'Cloud import',
    schema: text().optional(),
    defaultText: "the AWS SDK's credential chain",
    description: 'Access key for that bucket',
  },
  CLOUD_S3_SECRET_ACCESS_KEY: {
    group: 'Cloud import',
    schema: text().optional(),
    secret: true,
    description: 'Secret key for that bucket',
  },
  CLOUD_S3_FORCE_PATH_STYLE: {
    group: 'Cloud import',
    schema: flag().default(true),
    description: 'Address that bucket by path, not by host name',
  },
});

export const outboundSettings = defineSettings({
  OUTBOUND_ALLOW_HOSTS: {
    group: 'URL import and webhooks',
    schema: commaList(
      '`host:port` pairs, comma-separated',
      z.string().regex(/^(\[[0-9a-f:.]+\]|[^:\s/]+):\d+$/, { error: 'must be host:port pairs, comma-separated' }),
    ),
    defaultText: 'empty',
    description:
      "Comma-separated `host:port` pairs the server may reach although they are not public (an intranet file server); matched on the URL's host and port as written",
    example: 'files.intranet:443',
  },
  URL_IMPORT_TIMEOUT_SECONDS: {
    group: 'URL import and webhooks',
    schema: seconds({ positive: true }).default(300),
    description: 'Whole fetch of one URL import',
  },
  WEBHOOK_RETRY_DELAY_SECONDS: {
    group: 'URL import and webhooks',
    schema: seconds().default(10),
    description: 'First retry delay of a failed delivery (doubling after each attempt; embedded queue)',
  },
});

/** A plan limit's override: a number, `unlimited`, or for API access `true`/`false`. */
const planLimit = (limit: string) =>
  limit === 'API_ACCESS'
    ? z.enum(['true', 'false'], { error: 'must be true or false' }).describe('`true` or `false`')
    : z
        .union([z.literal('unlimited'), z.string().regex(/^\d+(\.\d+)?$/)], {
          error: 'must be a number or unlimited',
        })
        .describe('number or `unlimited`');

export const planLimitSettings: Record<string, Setting> = Object.fromEntries(
  PLANS.flatMap((plan) =>
    Object.values(PLAN_LIMIT_ENV_NAMES).map((limit) => [
      `PLAN_${plan.toUpperCase()}_${limit}`,
      {
        group: 'Plan limit overrides',
        schema: planLimit(limit).optional(),
        family: 'PLAN_<PLAN>_<LIMIT>',
        defaultText: 'see "Plan limits"',
        description: `Overrides a plan's limit; \`<PLAN>\` is ${PLANS.map((p) => p.toUpperCase()).join(', ')}, \`<LIMIT>\` is ${Object.values(PLAN_LIMIT_ENV_NAMES).join(', ')} (\`API_ACCESS\`: \`true\` or \`false\`)`,
        example: 'unlimited',
      } satisfies Setting,
    ]),
  ),
);
