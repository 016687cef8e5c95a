import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { CONVERSION_ID_MAX, CONVERSION_ID_MIN } from '@/lib/domain/conversion-id';
import { CONVERSION_STATUSES } from '@/lib/domain/conversion-status';
import { MediaOptions } from '@/lib/engines/ffmpeg/options';
import { ImagePdfOptions } from '@/lib/engines/image-pdf/options';
import { DocumentOptions } from '@/lib/engines/libreoffice/options';
import { PdfOutputOptions } from '@/lib/engines/pdf/pdfa-option';
import { ImageOptions } from '@/lib/engines/sharp/options';
import { binaryContent, ConversionIdParams, errors, json, text } from '@/lib/schemas/common';

export const ConversionStatusValue = z.enum(CONVERSION_STATUSES).meta({
  id: 'ConversionStatus',
  description: 'pending → processing → completed | failed | cancelled. `failed` and `cancelled` carry an `error`.',
});

export const Conversion = z
  .object({
    id: z
      .number()
      .int()
      .min(CONVERSION_ID_MIN)
      .lt(CONVERSION_ID_MAX)
      .meta({ description: 'Random integer id (not a sequence)' }),
    original_file_name: z.string(),
    original_format: z.string().meta({ description: 'Detected from the file content, not its name' }),
    target_format: z.string(),
    status: ConversionStatusValue,
    progress: z.number().int().min(0).max(100),
    created_at: z.string().meta({ format: 'date-time' }),
    expires_at: z.string().meta({
      format: 'date-time',
      description:
        "When the conversion and its result are deleted: the plan's retention (24 h on Free and for " +
        'anonymous callers); a plan that keeps results until deleted gives `9999-12-31T23:59:59.999Z`. ' +
        'The uploaded file itself is deleted as soon as the conversion completes; a failed or cancelled ' +
        'one keeps it until then, for a retry',
    }),
  })
  .meta({ id: 'Conversion' });

export const ConversionStatusBody = z
  .object({ conversion: Conversion.omit({ original_format: true }), error: z.string().optional() })
  .meta({ id: 'ConversionStatusResponse' });

const OPTIONS_DOC =
  'Per-conversion options, by target: images (ImageOptions), PDF from a document and the sheet of a ' +
  'workbook written to CSV, DIF, SYLK or dBase (DocumentOptions), ' +
  'audio and video (MediaOptions, which also covers video → GIF and a still frame of a video, `at`), PDF from a picture (ImagePdfOptions), ' +
  'PDF from anything else (PdfOutputOptions: `pdfa`; PDF → PDF is offered only with `{"pdfa": true}`). ' +
  'Every option is optional, with the ' +
  'default it names. An unknown option, a value out of range, or an option that does not apply to the ' +
  'pair (`crf` for MP3, `pages` for PNG, `dpi` for WebP) answers 400 naming it. GET /api/v1/formats ' +
  'lists the options each pair takes (`target_options`).';

export const ConversionOptions = z
  .union([ImageOptions, DocumentOptions, MediaOptions, ImagePdfOptions, PdfOutputOptions])
  .meta({ id: 'ConversionOptions', description: OPTIONS_DOC });

/** `options` in a JSON body: any object here, checked per pair by lib/conversions/convert-options.ts. */
export const OptionsMember = z
  .record(z.string(), z.unknown())
  .optional()
  .meta({
    override: ({ jsonSchema }) => {
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, { $ref: '#/components/schemas/ConversionOptions' });
    },
  });

const UploadForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'The file; its format is detected from its bytes' }),
  target_format: text().meta({
    description: "A target listed for the file's format in GET /api/v1/formats",
    example: 'pdf',
  }),
  options: ConversionOptions.optional().meta({ description: 'JSON text, e.g. `{"width": 800, "quality": 70}`' }),
});

/** The multipart form's `options` part is JSON text. */
export const OPTIONS_ENCODING = { options: { contentType: 'application/json' } };

export const convertUploadOp = defineOperation({
  operationId: 'createConversion',
  method: 'post',
  path: '/api/v1/convert/upload',
  auth: 'any',
  responses: { 201: json(Conversion, 'The conversion, pending with progress 0') },
  openapi: {
    tags: ['Conversions'],
    summary: 'Upload a file and start a conversion',
    description:
      'Streams a multipart upload (fields `file`, `target_format` and optionally `options`, a JSON object ' +
      'described by ConversionOptions). ' +
      "Uploads over the plan's limit are cut off with 413 and nothing is kept. " +
      'One file per upload: a second `file` part, a multipart Content-Type without a boundary, or a ' +
      'body cut short before its closing boundary answers 400 and keeps nothing (several files go ' +
      'through the batch endpoint).',
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: UploadForm, encoding: OPTIONS_ENCODING } },
    },
    responses: errors(413, 500, 507),
  },
});

export const conversionStatusOp = defineOperation({
  operationId: 'getConversionStatus',
  method: 'get',
  path: '/api/v1/convert/status/{id}',
  auth: 'any',
  params: ConversionIdParams,
  responses: { 200: json(ConversionStatusBody, 'Status wrapper') },
  openapi: { tags: ['Conversions'], summary: 'Get conversion status', responses: errors(403) },
});

export const downloadOp = defineOperation({
  operationId: 'downloadConversionResult',
  method: 'get',
  path: '/api/v1/convert/download/{id}',
  auth: 'any',
  params: ConversionIdParams,
  query: z.object({
    redirect: z
      .enum(['true', 'false'])
      .optional()
      .meta({ description: '`true` redirects (302) to a presigned URL instead of proxying the bytes' }),
  }),
  responses: {},
  openapi: {
    tags: ['Conversions'],
    summary: 'Download the converted file',
    description:
      'An attachment with `X-Content-Type-Options: nosniff` and a sandboxing CSP. 409 while the conversion is not ' +
      'completed. A PDF of several pages converted to `png`, `jpg` or `tiff` gives one image per page (at most 100 ' +
      'pages, 150 dpi), downloaded as one ZIP (`<name>.zip`, `application/zip`, entries `page-1.png`…); a one-page ' +
      'PDF gives the image itself.',
    responses: {
      '200': {
        description: 'The converted file',
        content: binaryContent('application/octet-stream'),
      },
      '302': { description: 'Redirect to a presigned URL (with `redirect=true`)' },
      ...errors(403, 409),
    },
  },
});

export const PresignedUrl = z
  .object({ url: z.string().meta({ format: 'uri' }), expires_at: z.string().meta({ format: 'date-time' }) })
  .meta({ id: 'PresignedUrl' });

export const presignedUrlOp = defineOperation({
  operationId: 'getPresignedResultUrl',
  method: 'get',
  path: '/api/v1/convert/presigned-url/{id}',
  auth: 'any',
  params: ConversionIdParams,
  responses: { 200: json(PresignedUrl, 'The link') },
  openapi: {
    tags: ['Conversions'],
    summary: 'Get a short-lived direct link to the result (5 minutes by default), usable without credentials',
    responses: errors(403, 409),
  },
});

export const progressOp = defineOperation({
  operationId: 'streamConversionProgress',
  method: 'get',
  path: '/api/v1/conversions/{id}/progress',
  auth: 'any',
  params: ConversionIdParams,
  responses: {},
  openapi: {
    tags: ['Conversions'],
    summary: 'Progress stream (Server-Sent Events)',
    description: [
      'A `text/event-stream`. Every event\'s `data` is JSON `{"id": number, "status": ConversionStatus, ' +
        '"progress": 0-100, "error"?: string}`.',
      '- `progress`: sent at once with the current state, then on every change while pending or processing;',
      '- `completed`: progress 100, the result can be downloaded; the stream then ends;',
      '- `failed` / `cancelled`: with `error`; the stream then ends.',
      'Comment lines (`: keep-alive`) are sent every 15 s.',
    ].join('\n'),
    responses: {
      '200': { description: 'Event stream', content: { 'text/event-stream': { schema: z.string() } } },
      ...errors(403),
    },
  },
});

export const cancelOp = defineOperation({
  operationId: 'cancelConversion',
  method: 'post',
  path: '/api/v1/conversions/{id}/cancel',
  auth: 'any',
  params: ConversionIdParams,
  responses: { 200: json(ConversionStatusBody, 'The cancelled conversion') },
  openapi: {
    tags: ['Conversions'],
    summary: 'Cancel a pending or processing conversion (its engine is killed)',
    responses: errors(409),
  },
});

export const retryOp = defineOperation({
  operationId: 'retryConversion',
  method: 'post',
  path: '/api/v1/conversions/{id}/retry',
  auth: 'any',
  params: ConversionIdParams,
  responses: { 200: json(Conversion, 'The conversion, pending again with progress 0') },
  openapi: {
    tags: ['Conversions'],
    summary: 'Run a failed or cancelled conversion again from its stored input',
    description:
      'Charges one conversion to the daily allowance (429 when used up, nothing changed). ' +
      'Any other status answers 409, as does the loser of two concurrent retries. `expires_at` is unchanged.',
    responses: errors(409),
  },
});

export const deleteOp = defineOperation({
  operationId: 'deleteConversion',
  method: 'delete',
  path: '/api/v1/conversions/{id}',
  auth: 'any',
  params: ConversionIdParams,
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted') },
  openapi: {
    tags: ['Conversions'],
    summary: 'Delete a conversion and its files',
  },
});
