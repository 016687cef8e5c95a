import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { CLOUD_PROVIDERS } from '@/lib/domain/cloud-providers';
import { errors, json, text } from '@/lib/schemas/common';
import { Conversion } from '@/lib/schemas/conversion';

const tags = ['Cloud import'];
const Provider = z.enum(CLOUD_PROVIDERS).meta({ id: 'CloudProvider' });

export const cloudStatusOp = defineOperation({
  operationId: 'getCloudStatus',
  method: 'get',
  path: '/api/v1/cloud/status',
  auth: 'bearer',
  responses: {
    200: json(
      z
        .object({
          providers: z.array(
            z.object({
              id: Provider,
              name: z.string(),
              configured: z.boolean().meta({ description: 'Importable with POST /api/v1/cloud/{provider}/download' }),
              connectable: z.boolean().meta({
                description:
                  'The administrator also set the client secret: a person can connect the service ' +
                  '(POST /api/v1/cloud/{provider}/connect) and pick files instead of bringing an access token',
              }),
              connected: z.boolean().meta({ description: 'Your account is connected to it' }),
            }),
          ),
        })
        .meta({ id: 'CloudStatus' }),
      'Every provider, whether the administrator configured it, and your connections',
    ),
  },
  openapi: { tags, summary: 'Which cloud providers are configured' },
});

export const cloudDownloadOp = defineOperation({
  operationId: 'downloadFromCloud',
  method: 'post',
  path: '/api/v1/cloud/{provider}/download',
  auth: 'any',
  params: z.object({ provider: Provider.meta({ param: { description: 'The provider' } }) }),
  body: z.strictObject({
    file_id: text()
      .min(1)
      .max(4096)
      .meta({ description: "The provider's file id, a Dropbox/OneDrive sharing link, or the S3 object key" }),
    access_token: text()
      .min(1)
      .max(8192)
      .optional()
      .meta({ description: "The picker's access token (Google Drive, Dropbox, OneDrive); not used for s3" }),
  }),
  responses: {
    200: json(
      z
        .object({
          token: z.string().meta({
            description:
              'Single use, redeemable only by the caller that fetched the file (the same account, or for an ' +
              'anonymous caller the same guest cookie); redeem with POST /api/v1/convert/from-cloud',
          }),
          file_name: z.string(),
          size: z.number().int().min(0),
          expires_at: z.string().meta({ format: 'date-time', description: '15 minutes from now' }),
        })
        .meta({ id: 'CloudImport' }),
      'The file is held in storage',
    ),
  },
  openapi: {
    tags,
    summary: 'Fetch a file from a cloud provider',
    description:
      'Open to every caller: anonymous (by the guest cookie), API key or session. ' +
      "The server downloads the file (through the same outbound rule as URL import; the caller's plan's upload limit " +
      'is counted while it streams: 413 and nothing kept). A provider that is not configured, or a missing ' +
      'access token, is a 400; a file the provider does not have is a 404.',
    responses: errors(404, 413, 507),
  },
});

export const convertFromCloudOp = defineOperation({
  operationId: 'createConversionFromCloud',
  method: 'post',
  path: '/api/v1/convert/from-cloud',
  auth: 'any',
  body: z.strictObject({
    token: text().min(1).max(128).meta({ description: 'From POST /api/v1/cloud/{provider}/download' }),
    target_format: text().meta({
      description: "A target listed for the file's format in GET /api/v1/formats",
      example: 'pdf',
    }),
  }),
  responses: { 201: json(Conversion, 'The conversion, pending with progress 0') },
  openapi: {
    tags,
    summary: 'Convert a file imported from cloud storage',
    description:
      'Redeems the token once. A used or expired token is a 404; a token another caller fetched is a 403 ' +
      '(and stays redeemable by that caller). Neither creates anything.',
    responses: errors(404),
  },
});

export const cloudOperations = [cloudStatusOp, cloudDownloadOp, convertFromCloudOp];
