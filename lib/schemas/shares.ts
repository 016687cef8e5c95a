import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { binaryContent, ConversionIdParams, errors, json, text } from '@/lib/schemas/common';
import { PresignedUrl } from '@/lib/schemas/conversion';
import {
  SHARE_PASSWORD_HEADER,
  SHARE_PASSWORD_LINK_TRIES,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
  SHARE_PASSWORD_TRIES,
  SHARE_PASSWORD_WINDOW_MS,
} from '@/lib/domain/share-rules';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_ACCESS_LIMIT = 1_000_000;

const dateTime = (description: string) => z.string().meta({ format: 'date-time', description });

export const ShareLink = z
  .object({
    token: z.string().meta({ description: 'Random, URL-safe, ≥ 128 bits: whoever holds it can download' }),
    url: z.string().meta({ format: 'uri', description: 'The share page, `{PUBLIC_URL}/s/{token}`' }),
    has_password: z.boolean(),
    expires_at: dateTime("The link's expiry: the one chosen, else the conversion's own"),
    access_limit: z.number().int().min(1).nullable().meta({ description: 'Downloads allowed; null = unlimited' }),
    access_count: z.number().int().min(0).meta({ description: 'Downloads so far' }),
    created_at: dateTime('Creation time'),
  })
  .meta({ id: 'ShareLink' });

export const ShareInfo = z
  .object({
    file_name: z.string(),
    format: z.string().meta({ description: "The shared result's format, e.g. `pdf`" }),
    size: z.number().int().min(0).meta({ description: 'Bytes' }),
    has_password: z.boolean().meta({ description: `Download then needs the \`${SHARE_PASSWORD_HEADER}\` header` }),
    expires_at: dateTime("The link's expiry"),
    access_limit: z.number().int().min(1).nullable(),
    remaining: z.number().int().min(0).nullable().meta({ description: 'Downloads left; null = unlimited' }),
  })
  .meta({ id: 'ShareInfo' });

const CreateShareBody = z
  .strictObject({
    password: text()
      .min(SHARE_PASSWORD_MIN)
      .max(SHARE_PASSWORD_MAX)
      .optional()
      .meta({ description: 'Stored hashed; the recipient sends it in `X-Share-Password`' }),
    expires_at: text()
      .regex(ISO_8601, 'must be an ISO 8601 date-time with a zone, e.g. 2030-01-01T00:00:00Z')
      .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a valid date')
      .transform((v) => new Date(v))
      .optional()
      .meta({
        description: "In the future and not after the conversion's `expires_at`",
        example: '2030-01-01T00:00:00Z',
      }),
    access_limit: z.number().int().min(1).max(MAX_ACCESS_LIMIT).optional().meta({ description: 'Downloads allowed' }),
  })
  .meta({ id: 'CreateShareLink' });

const ShareTokenParams = z.object({
  token: text()
    .min(1)
    .max(200)
    .meta({ param: { description: 'Share link token' } }),
});

const tags = ['Share links'];

const sharePasswordHeader = {
  in: 'header' as const,
  name: SHARE_PASSWORD_HEADER,
  required: false,
  description: 'The password, when the link has one',
  schema: { type: 'string' as const },
};

export const createShareOp = defineOperation({
  operationId: 'createShareLink',
  method: 'post',
  path: '/api/v1/conversions/{id}/share',
  auth: 'any',
  params: ConversionIdParams,
  body: CreateShareBody,
  responses: { 200: json(ShareLink, 'The link') },
  openapi: {
    tags,
    summary: 'Create a share link (optional password, expiry, access limit)',
    description: 'Owner only, for a completed conversion (409 otherwise). Send `{}` for a link without options.',
    responses: errors(409),
  },
});

export const listSharesOp = defineOperation({
  operationId: 'listShareLinks',
  method: 'get',
  path: '/api/v1/conversions/{id}/shares',
  auth: 'any',
  params: ConversionIdParams,
  responses: { 200: json(z.object({ shares: z.array(ShareLink) }), 'The links, newest first, with working tokens') },
  openapi: {
    tags,
    summary: 'List the share links of a conversion (owner only)',
    responses: errors(403),
  },
});

export const revokeShareOp = defineOperation({
  operationId: 'revokeShareLink',
  method: 'delete',
  path: '/api/v1/conversions/{id}/shares/{token}',
  auth: 'any',
  params: ConversionIdParams.extend(ShareTokenParams.shape),
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Revoked: the link answers 404 from now on') },
  openapi: { tags, summary: 'Revoke a share link (owner only)' },
});

export const resolveShareOp = defineOperation({
  operationId: 'resolveShareLink',
  method: 'get',
  path: '/api/v1/share/{token}',
  auth: 'open',
  params: ShareTokenParams,
  responses: { 200: json(ShareInfo, 'The shared file (no owner, no ids)') },
  openapi: {
    tags,
    summary: 'Resolve a share link',
    description:
      'Unknown, revoked, or its conversion deleted or expired: 404. Expired (`link_expired`) or used up (`link_used_up`): 410.',
    responses: errors(410),
  },
});

export const downloadShareOp = defineOperation({
  operationId: 'downloadSharedFile',
  method: 'get',
  path: '/api/v1/share/{token}/download',
  auth: 'open',
  params: ShareTokenParams,
  responses: {},
  openapi: {
    tags,
    summary: 'Download a shared file',
    description: [
      `A password-protected link needs \`${SHARE_PASSWORD_HEADER}\` (never the URL): missing → 401`,
      '`password_required`, wrong → 401 `wrong_password`. Only wrong passwords count: after',
      `${SHARE_PASSWORD_TRIES} wrong ones from one network address within ${SHARE_PASSWORD_WINDOW_MS / 60_000} minutes,`,
      'that address gets 429 `too_many_attempts` with `Retry-After` (even with the right password), while',
      `others still open the link; after ${SHARE_PASSWORD_LINK_TRIES} wrong ones from all addresses together`,
      "within the window, everyone does. The address is the socket's, or the proxy's last",
      '`X-Forwarded-For` hop with `TRUST_PROXY=true`. Each download uses one access, atomically; expired or',
      'used up → 410; unknown, revoked, or its conversion deleted or expired → 404.',
    ].join(' '),
    parameters: [sharePasswordHeader],
    responses: {
      '200': {
        description: 'The file, as an attachment',
        content: binaryContent('application/octet-stream'),
      },
      ...errors(401, 410),
    },
  },
});

export const shareDownloadUrlOp = defineOperation({
  operationId: 'createSharedDownloadUrl',
  method: 'post',
  path: '/api/v1/share/{token}/download-url',
  auth: 'open',
  params: ShareTokenParams,
  responses: { 200: json(PresignedUrl, 'A short-lived direct link to the file') },
  openapi: {
    tags,
    summary: "Check a shared file's password and get a short-lived direct link to it",
    description: [
      'The checks of `GET /api/v1/share/{token}/download` (password header, throttle, one access used),',
      'answered with a link that downloads the file without the password until `expires_at`: the share',
      'page navigates to it, so the browser streams the file to disk instead of holding it in memory.',
    ].join(' '),
    parameters: [sharePasswordHeader],
    responses: errors(401, 410),
  },
});

export const shareOperations = [
  createShareOp,
  listSharesOp,
  revokeShareOp,
  resolveShareOp,
  downloadShareOp,
  shareDownloadUrlOp,
];
