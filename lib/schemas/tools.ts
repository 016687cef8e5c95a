import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { COMPRESS_LEVELS, OCR_OUTPUTS } from '@/lib/domain/tools';
import { Conversion } from '@/lib/schemas/conversion';
import { errors, json, text } from '@/lib/schemas/common';

// Compression and OCR: each creates a conversion (201, the Conversion object) whose status,
// progress, download, cancel and delete are the conversion endpoints'.

const file = z.string().meta({ format: 'binary', description: 'The file; its format is detected from its bytes' });
const multipart = (schema: z.ZodType) => ({ required: true, content: { 'multipart/form-data': { schema } } });

const CompressForm = z.object({
  file,
  level: z.enum(COMPRESS_LEVELS).optional().meta({ description: 'How hard to compress (default `medium`)' }),
  target_size: text()
    .optional()
    .meta({
      description:
        'Bytes to aim at or below (JPEG and PDF search for it; best effort). When missed, the completed ' +
        "conversion's status carries an `error` saying so",
      example: '500000',
    }),
});

export const compressUploadOp = defineOperation({
  operationId: 'createCompression',
  method: 'post',
  path: '/api/v1/compress/upload',
  auth: 'any',
  responses: { 201: json(Conversion, "The compression job: `target_format` is the file's own format") },
  openapi: {
    tags: ['Tools'],
    summary: 'Compress a file in place (same format, never larger)',
    description:
      "Streams a multipart upload like `POST /api/v1/convert/upload`. The result keeps the input's format " +
      '(checked from its bytes) and is never larger: when nothing smaller comes out, the result is the ' +
      'original. Formats that compress are marked `compress: true` in `GET /api/v1/formats`; any other ' +
      'format answers 400 naming them. Status and download use the conversion endpoints.',
    requestBody: multipart(CompressForm),
    responses: errors(413, 500, 507),
  },
});

const OcrForm = z.object({
  file,
  language: text().optional().meta({
    description: 'A code from `GET /api/v1/tools/ocr/languages`, or several joined by `+` (default `eng`)',
    example: 'eng+deu',
  }),
  output: z.enum(OCR_OUTPUTS).optional().meta({ description: '`txt` (default) or `pdf` (searchable PDF)' }),
});

export const ocrOp = defineOperation({
  operationId: 'createOcr',
  method: 'post',
  path: '/api/v1/tools/ocr',
  auth: 'any',
  responses: { 201: json(Conversion, 'The OCR job: `target_format` is `txt` or `pdf`') },
  openapi: {
    tags: ['Tools'],
    summary: 'Read text from a scan or photo (PNG, JPEG, TIFF, WebP, BMP, PDF)',
    description:
      '`txt`: the UTF-8 text of every page in order, pages separated by a form feed. `pdf`: a searchable ' +
      'PDF: images become their page with an invisible text layer; a PDF keeps its pages as they are and ' +
      'gets a text layer on the pages that had no text. A language that is not installed answers 400 ' +
      'listing the installed codes. Status, progress (per page) and download use the conversion endpoints.',
    requestBody: multipart(OcrForm),
    responses: errors(413, 500, 507),
  },
});

export const OcrLanguages = z
  .object({
    languages: z.array(
      z.object({ code: z.string().meta({ example: 'eng' }), name: z.string().meta({ example: 'English' }) }),
    ),
  })
  .meta({ id: 'OcrLanguages' });

export const ocrLanguagesOp = defineOperation({
  operationId: 'listOcrLanguages',
  method: 'get',
  path: '/api/v1/tools/ocr/languages',
  auth: 'open',
  responses: { 200: json(OcrLanguages, 'The installed OCR languages') },
  openapi: { tags: ['Tools'], summary: 'List installed OCR languages' },
});
