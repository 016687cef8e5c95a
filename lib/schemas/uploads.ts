import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { Conversion, OptionsMember } from '@/lib/schemas/conversion';
import { binaryContent, errors, json, text } from '@/lib/schemas/common';
import { MAX_FILE_SIZE_BYTES, MAX_PARTS, PART_SIZE_BYTES } from '@/lib/domain/upload-rules';

// The parts API (SPEC "Resumable upload"); tus at /api/v1/tus follows its own protocol.

export const UploadState = z
  .object({
    token: z.string().meta({ description: 'Names the upload in every later call (random, ≥ 128 bits, URL-safe)' }),
    file_name: z.string(),
    file_size: z.number().int().positive(),
    target_format: z.string(),
    part_size: z
      .number()
      .int()
      .positive()
      .meta({
        description: `Fixed by the server: ${PART_SIZE_BYTES / 2 ** 20} MiB, larger when the file needs more than ${MAX_PARTS} parts. Every part but the last has exactly this size`,
      }),
    part_count: z.number().int().min(1).max(MAX_PARTS).meta({ description: 'ceil(file_size / part_size)' }),
    parts: z.array(z.number().int().min(1)).meta({ description: 'Part numbers stored so far, sorted' }),
    expires_at: z.string().meta({ format: 'date-time', description: 'Deleted at this time unless completed (24 h)' }),
  })
  .meta({ id: 'Upload' });

const InitUploadBody = z
  .strictObject({
    file_name: text().min(1).max(1000).meta({ example: 'video.mov' }),
    file_size: z
      .number()
      .int()
      .positive()
      .max(MAX_FILE_SIZE_BYTES)
      .meta({ description: "Bytes; over the plan's upload limit → 413 before any byte is sent", example: 734003200 }),
    target_format: text().min(1).max(40).meta({ description: 'A target in GET /api/v1/formats', example: 'mp4' }),
  })
  .meta({ id: 'InitUpload' });

const TokenParams = z.object({
  token: text()
    .min(1)
    .max(200)
    .meta({ param: { description: 'Upload token from init' } }),
});

const PartParams = TokenParams.extend({
  number: z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/, 'must be a part number from 1')
    .transform(Number)
    .meta({ param: { description: 'Part number, 1..part_count' }, example: '1' }),
});

/** The body of complete, optional: without one (or not sent as JSON) there are no options. */
const CompleteUploadBody = z.strictObject({ options: OptionsMember }).meta({ id: 'CompleteUpload' });

const PartStored = z.object({ part_number: z.number().int().min(1), size: z.number().int().positive() });

const tags = ['Uploads'];

export const initUploadOp = defineOperation({
  operationId: 'createUpload',
  method: 'post',
  path: '/api/v1/uploads/init',
  auth: 'any',
  body: InitUploadBody,
  responses: { 200: json(UploadState, 'The upload, with its part size and no parts yet') },
  openapi: {
    tags,
    summary: 'Open a resumable upload',
    description:
      "The declared size is checked against the plan before any byte is accepted (413). `target_format` must be one some engine produces; the pair is checked at complete, from the file's bytes.",
    responses: errors(413, 500),
  },
});

export const getUploadOp = defineOperation({
  operationId: 'getUpload',
  method: 'get',
  path: '/api/v1/uploads/{token}',
  auth: 'any',
  params: TokenParams,
  responses: { 200: json(UploadState, 'The upload with the part numbers stored so far') },
  openapi: { tags, summary: 'Part numbers already stored', responses: errors(403) },
});

export const putPartOp = defineOperation({
  operationId: 'uploadPart',
  method: 'put',
  path: '/api/v1/uploads/{token}/parts/{number}',
  auth: 'any',
  params: PartParams,
  responses: { 200: json(PartStored, 'The part is stored') },
  openapi: {
    tags,
    summary: 'Upload one part',
    description:
      'The raw bytes of one part: exactly `part_size` bytes, the last part the remainder. Parts go in any order and in parallel; a repeat replaces the part. A wrong size, a number out of range or a body that breaks off → 400 and the part is not stored. 409 once the upload is completed.',
    requestBody: {
      required: true,
      content: binaryContent('application/octet-stream'),
    },
    responses: errors(409, 500, 507),
  },
});

export const completeUploadOp = defineOperation({
  operationId: 'completeUpload',
  method: 'post',
  path: '/api/v1/uploads/{token}/complete',
  auth: 'any',
  params: TokenParams,
  body: CompleteUploadBody.optional(),
  responses: { 201: json(Conversion, 'The conversion (the same one on a repeated call), pending with progress 0') },
  openapi: {
    tags,
    summary: 'Assemble the parts and convert',
    description:
      'An optional JSON body `{"options": {…}}` (ConversionOptions) sets the conversion options; options that ' +
      'fit no file of the target format → 400 before assembly (the upload stays open); options that do not fit the ' +
      'detected pair → 400 like an unsupported pair. ' +
      "Missing parts → 400 naming them (the upload stays open). The format is detected from the assembled bytes; an unsupported pair → 400 and the upload's bytes are deleted. The daily allowance is charged here (429 when used up, the upload is deleted). A repeated call returns the conversion already created; " +
      'one made while the first is still at work waits up to 20 s for it, then answers 409 with `Retry-After`. ' +
      'Once a complete has begun, part uploads answer 409.',
    responses: errors(409, 500),
  },
});

export const deleteUploadOp = defineOperation({
  operationId: 'deleteUpload',
  method: 'delete',
  path: '/api/v1/uploads/{token}',
  auth: 'any',
  params: TokenParams,
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Abandoned: the parts are deleted') },
  openapi: {
    tags,
    summary: 'Abandon an upload (its token then answers 404)',
  },
});

// tus 1.0.0 at /api/v1/tus: the protocol's own headers, documented here so clients find it.

const tusTags = ['Uploads (tus)'];
const TusTokenParams = z.object({
  token: text()
    .min(1)
    .max(200)
    .meta({ param: { description: 'The last segment of the Location from creation' } }),
});
const tusHeaders = 'Requests carry `Tus-Resumable: 1.0.0`.';

export const tusOptionsOp = defineOperation({
  operationId: 'discoverTus',
  method: 'options',
  path: '/api/v1/tus',
  auth: 'open',
  responses: {},
  openapi: {
    tags: tusTags,
    summary: "tus: the server's protocol version, extensions and maximum size",
    description:
      'No credentials needed. `Tus-Version: 1.0.0`, `Tus-Extension` (creation, creation-with-upload, termination, ' +
      'expiration; not creation-defer-length) and `Tus-Max-Size`, the largest file any plan accepts: the ' +
      "caller's own plan limit is checked at creation (413).",
    responses: { '204': { description: 'The configuration in headers' } },
  },
});

export const tusCreateOp = defineOperation({
  operationId: 'createTusUpload',
  method: 'post',
  path: '/api/v1/tus',
  auth: 'any',
  responses: {},
  openapi: {
    tags: tusTags,
    summary: 'tus: create an upload (creation, creation-with-upload)',
    description:
      `${tusHeaders} \`Upload-Length\` is required (a deferred length is refused) and checked against the plan (413). ` +
      '`Upload-Metadata` needs `filename` and `target_format`. The `Location` header names the upload. ' +
      'When the body already carries the whole file, the answer has `X-Conversion-Id`.',
    responses: {
      '201': { description: 'Created; `Location` is the upload URL, `Upload-Offset` the bytes stored' },
      ...errors(400, 413, 500, 507),
    },
  },
});

export const tusHeadOp = defineOperation({
  operationId: 'getTusUploadOffset',
  method: 'head',
  path: '/api/v1/tus/{token}',
  auth: 'any',
  params: TusTokenParams,
  responses: {},
  openapi: {
    tags: tusTags,
    summary: 'tus: the offset to resume from',
    description:
      `${tusHeaders} \`Upload-Offset\` and \`Upload-Length\`; \`X-Conversion-Id\` once the upload is finished ` +
      "(answered from the upload's record: its bytes are then the conversion's input, deleted when it completes).",
    responses: { '200': { description: 'The upload state in headers' } },
  },
});

export const tusPatchOp = defineOperation({
  operationId: 'appendTusUpload',
  method: 'patch',
  path: '/api/v1/tus/{token}',
  auth: 'any',
  params: TusTokenParams,
  responses: {},
  openapi: {
    tags: tusTags,
    summary: 'tus: append bytes at Upload-Offset',
    description:
      `${tusHeaders} \`Content-Type: application/offset+octet-stream\`. The PATCH that delivers the last byte ` +
      'creates the conversion (as `POST /uploads/{token}/complete` does) and answers with `X-Conversion-Id`; ' +
      'a file refused then (format, pair, allowance) answers 400 or 429 and is deleted. On a finished upload, ' +
      'a PATCH at its end (the last one sent again) answers 204 with `X-Conversion-Id`; any other offset 409.',
    requestBody: {
      required: true,
      content: binaryContent('application/offset+octet-stream'),
    },
    responses: {
      '204': { description: 'Stored; `Upload-Offset` is the new offset' },
      ...errors(409, 500, 507),
    },
  },
});

export const tusDeleteOp = defineOperation({
  operationId: 'deleteTusUpload',
  method: 'delete',
  path: '/api/v1/tus/{token}',
  auth: 'any',
  params: TusTokenParams,
  responses: {},
  openapi: {
    tags: tusTags,
    summary: 'tus: terminate an unfinished upload',
    description: `${tusHeaders} A finished upload is a conversion: delete that instead (400 here).`,
    responses: { '204': { description: 'Terminated' } },
  },
});
