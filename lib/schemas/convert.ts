import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { DEFAULT_WAIT_SECONDS } from '@/lib/domain/wait-bound';
import { Conversion, ConversionOptions, OPTIONS_ENCODING } from '@/lib/schemas/conversion';
import { binaryContent, ErrorBody, errors, json, text } from '@/lib/schemas/common';

const WAIT_DOC =
  `Seconds to wait for the result once the file is received (default ${DEFAULT_WAIT_SECONDS}, from 0 to ` +
  'the engine time limit `ENGINE_TIMEOUT_SECONDS`, 300 by default; decimals allowed). Sent in the query or ' +
  'as a form field, not both.';

const STILL_RUNNING =
  'Still running when `wait` passed: the Conversion as it is now. The conversion goes on; `Location` is ' +
  'its status (GET /api/v1/convert/status/{id}), and its result downloads from GET /api/v1/convert/download/{id} ' +
  'once completed.';

const conversionIdHeader = {
  'X-Conversion-Id': {
    description: 'The conversion, for its status, download, history or share links',
    schema: { type: 'string' as const },
  },
};

const Wait = text().meta({ description: WAIT_DOC, example: '30' });

const ConvertForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'The file; its format is detected from its bytes' }),
  target_format: text().meta({ description: "A target listed for the file's format in GET /api/v1/formats" }),
  options: ConversionOptions.optional().meta({ description: 'JSON text, e.g. `{"width": 800, "quality": 70}`' }),
  wait: Wait.optional(),
});

export const convertOp = defineOperation({
  operationId: 'convertFile',
  method: 'post',
  path: '/api/v1/convert',
  auth: 'any',
  query: z.object({ wait: Wait.optional() }),
  responses: { 202: json(Conversion, STILL_RUNNING) },
  openapi: {
    tags: ['Conversions'],
    summary: 'Convert a file in one request: upload it and get the converted file back',
    description: [
      'The same conversion as POST /api/v1/convert/upload (multipart `file`, `target_format`, `options`; the',
      "same history entry, daily allowance, retention, webhooks, queue and sandboxed engine, the plan's upload",
      'limit), but the request waits for it to end:',
      '- **200** with the converted file (`Content-Disposition` names it) when it completes within `wait`;',
      '- **422** `conversion_failed` with the reason when it fails;',
      '- **202** with the Conversion and `Location: …/api/v1/convert/status/{id}` when `wait` passes first.',
      '  The conversion goes on: poll its status, then download it. This endpoint answers 202, not',
      '  201, because its answer is "not done yet"; 201 stays the rule of the endpoints that only create.',
      '',
      'Every answer once the conversion exists carries `X-Conversion-Id`. A bad `file`, `target_format`,',
      '`options` or `wait` answers 400 and keeps nothing.',
      '',
      'Example: `curl -OJ -F file=@photo.png -F target_format=webp https://host/api/v1/convert`.',
    ].join('\n'),
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: ConvertForm,
          encoding: OPTIONS_ENCODING,
          examples: {
            image: {
              summary: 'A PNG to WebP, 800 px wide',
              value: { file: '(binary)', target_format: 'webp', options: { width: 800, quality: 70 } },
            },
            document: {
              summary: 'A DOCX to PDF, waiting at most 20 s',
              value: { file: '(binary)', target_format: 'pdf', wait: '20' },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'The converted file, as GET /api/v1/convert/download/{id} gives it',
        headers: {
          ...conversionIdHeader,
          'Content-Disposition': { description: 'attachment; filename="<name>.<target>"', schema: { type: 'string' } },
        },
        content: binaryContent('application/octet-stream'),
      },
      '202': {
        description: STILL_RUNNING,
        headers: {
          ...conversionIdHeader,
          Location: { description: 'The status of the conversion', schema: { type: 'string', format: 'uri' } },
        },
        content: {
          'application/json': {
            schema: Conversion,
            example: {
              id: 3926140083411,
              original_file_name: 'talk.mov',
              original_format: 'mov',
              target_format: 'mp4',
              status: 'processing',
              progress: 40,
              created_at: '2026-01-05T10:00:00.000Z',
              expires_at: '2026-01-06T10:00:00.000Z',
            },
          },
        },
      },
      '422': {
        description: 'The conversion failed (`conversion_failed`); `error` says why and `X-Conversion-Id` names it',
        headers: conversionIdHeader,
        content: {
          'application/json': {
            schema: ErrorBody,
            example: { error: 'The file is damaged or is not a PNG', code: 'conversion_failed' },
          },
        },
      },
      ...errors(409, 413, 500),
    },
  },
});
