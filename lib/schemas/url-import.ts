import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { json, text } from '@/lib/schemas/common';
import { Conversion, OptionsMember } from '@/lib/schemas/conversion';

const MAX_URL_LENGTH = 4096;

const UploadUrlBody = z
  .strictObject({
    url: text().max(MAX_URL_LENGTH).meta({
      format: 'uri',
      description: 'An http(s) URL of a public host',
      example: 'https://example.com/report.docx',
    }),
    target_format: text().meta({
      description: "A target listed for the file's format in GET /api/v1/formats",
      example: 'pdf',
    }),
    file_name: text()
      .max(255)
      .optional()
      .meta({ description: 'The name to show; else the Content-Disposition name, else the last URL path segment' }),
    options: OptionsMember,
  })
  .meta({ id: 'UploadUrlRequest' });

export const uploadUrlOp = defineOperation({
  operationId: 'createConversionFromUrl',
  method: 'post',
  path: '/api/v1/convert/upload-url',
  auth: 'any',
  body: UploadUrlBody,
  responses: {
    201: json(
      Conversion,
      'The conversion, pending. `original_format` is a guess from `file_name`, else the URL path (empty when ' +
        'neither names a known format), replaced by the format detected from the bytes once the file is fetched',
    ),
  },
  openapi: {
    tags: ['Conversions'],
    summary: 'Fetch a file over HTTP(S) and convert it',
    description:
      'Answers 400 at once for a scheme other than http/https, credentials in the URL, `localhost`, an address ' +
      'literal that is not public (any notation), or a host that resolves only to such addresses. The file is ' +
      "fetched by the job: every connection and redirect hop (at most 5) is checked again, the plan's upload " +
      'limit is counted while the body streams, and a refusal, an HTTP error, a timeout or a file over the ' +
      'limit ends the conversion `failed` with its `error`. The format is detected from the bytes.',
  },
});
