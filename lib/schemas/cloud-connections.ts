import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { OAUTH_PROVIDERS } from '@/lib/domain/cloud-providers';
import { errors, json, text } from '@/lib/schemas/common';

// Connecting a cloud file service in the browser (OAuth 2.0 authorization code with PKCE), the
// picker's listing, and disconnecting. Offered when the administrator set the provider's client id
// and secret; the API path (POST /cloud/{provider}/download with a token the caller brings) needs
// none of this.

const tags = ['Cloud import'];
const params = z.object({
  provider: z
    .enum(OAUTH_PROVIDERS)
    .meta({ id: 'CloudOAuthProvider', param: { description: 'A file service a person can connect' } }),
});

export const connectCloudOp = defineOperation({
  operationId: 'connectCloudProvider',
  method: 'post',
  path: '/api/v1/cloud/{provider}/connect',
  auth: 'bearer',
  params,
  responses: {
    200: json(
      z
        .object({
          authorize_url: z
            .string()
            .meta({ format: 'uri', description: "Send the browser here: the provider's consent page" }),
          expires_at: z
            .string()
            .meta({ format: 'date-time', description: 'The attempt must finish by then (10 minutes)' }),
        })
        .meta({ id: 'CloudConnectStart' }),
      'A connection attempt is open',
    ),
  },
  openapi: {
    tags,
    summary: 'Start connecting a cloud file service',
    description:
      "Opens an OAuth 2.0 authorization-code attempt with PKCE and answers the provider's authorize URL. The " +
      '`state` is single use, valid for 10 minutes, and bound to this account and to this browser (an HttpOnly ' +
      'cookie the response sets, sent only to the callback). A provider whose client secret the administrator ' +
      'did not set is a 400.',
  },
});

export const cloudCallbackOp = defineOperation({
  operationId: 'finishCloudConnect',
  method: 'get',
  path: '/api/v1/cloud/{provider}/callback',
  auth: 'bearer',
  params,
  // The provider adds parameters of its own (scope, iss, authuser…): only ours are read.
  query: z.object({
    code: text().max(4096).optional(),
    state: text().max(512).optional(),
    error: text().max(512).optional(),
  }),
  responses: {},
  openapi: {
    tags,
    summary: "The provider's redirect back after consent",
    description:
      'Takes the attempt (once), checks it is this account’s and this browser’s and not older than 10 minutes, ' +
      'exchanges the code with the PKCE verifier and keeps the tokens sealed. Then redirects to the converter ' +
      '(`/?cloud_connected={provider}`). An unknown, used, expired or foreign `state`, a refusal at the ' +
      'provider or a code it does not accept is a 400 and connects nothing.',
    responses: { '302': { description: 'Connected: back to the converter' } },
  },
});

const CloudEntry = z
  .object({
    id: z
      .string()
      .meta({ description: 'The `file_id` for POST /api/v1/cloud/{provider}/download, or a folder to list' }),
    name: z.string(),
    size: z.number().int().min(0).nullable().meta({ description: 'Bytes; null for folders' }),
    folder: z.boolean(),
  })
  .meta({ id: 'CloudEntry' });

export const cloudFilesOp = defineOperation({
  operationId: 'listCloudFiles',
  method: 'get',
  path: '/api/v1/cloud/{provider}/files',
  auth: 'bearer',
  params,
  query: z.strictObject({
    folder: text()
      .min(1)
      .max(1024)
      .optional()
      .meta({ description: 'A folder `id` from a listing; the root when absent' }),
    search: text().min(1).max(200).optional().meta({ description: 'Names containing this (within `folder` if given)' }),
  }),
  responses: {
    200: json(
      z
        .object({
          folder: z.string().nullable(),
          search: z.string().nullable(),
          items: z.array(CloudEntry).meta({ description: 'Up to 200 entries' }),
        })
        .meta({ id: 'CloudListing' }),
      "Entries of the connected account's folder, or search results",
    ),
  },
  openapi: {
    tags,
    summary: 'List files of a connected cloud account',
    description:
      'For the picker. Import a file with POST /api/v1/cloud/{provider}/download and its `id` as `file_id` ' +
      '(no `access_token`: the connection is used). Not connected, or the provider ended the connection, is a 404.',
    responses: errors(404),
  },
});

export const disconnectCloudOp = defineOperation({
  operationId: 'disconnectCloudProvider',
  method: 'delete',
  path: '/api/v1/cloud/{provider}/connection',
  auth: 'bearer',
  params,
  responses: {
    200: json(
      z.object({ provider: z.enum(OAUTH_PROVIDERS), connected: z.literal(false) }).meta({ id: 'CloudDisconnected' }),
      'The tokens are deleted (also when there were none)',
    ),
  },
  openapi: { tags, summary: 'Disconnect a cloud file service' },
});

export const cloudConnectionOperations = [connectCloudOp, cloudCallbackOp, cloudFilesOp, disconnectCloudOp];
