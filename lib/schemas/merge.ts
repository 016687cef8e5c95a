import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { MERGE_TARGETS } from '@/lib/domain/tools';
import { MergeRequestOptions } from '@/lib/engines/merge/options';
import { Conversion } from '@/lib/schemas/conversion';
import { errors, json } from '@/lib/schemas/common';

const MergeForm = z.object({
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .min(2)
    .meta({
      description:
        'The files, one `files` part each, in the order their pages take in the PDF (at least 2). ' +
        'Each format is detected from its bytes',
    }),
  target_format: z.enum(MERGE_TARGETS).meta({ description: 'The merged file: `pdf` only', example: 'pdf' }),
  options: MergeRequestOptions.optional().meta({ description: 'JSON text, e.g. `{"pdfa": true}`' }),
});

export const mergeOp = defineOperation({
  operationId: 'createMerge',
  method: 'post',
  path: '/api/v1/merge',
  auth: 'any',
  responses: {
    201: json(
      Conversion,
      "The merge: one conversion, pending with progress 0. `original_file_name` is the first file's name " +
        'without its extension and " (merged).pdf" (the download name); `original_format` is the first ' +
        "file's format; `target_format` is `pdf`",
    ),
  },
  openapi: {
    tags: ['Conversions'],
    summary: 'Merge several files into one PDF, in the order given',
    description: [
      'Streamed `multipart/form-data` with a `files` part per file, in order, `target_format` (`pdf`) and ' +
        'optionally `options` (MergeOptions: `{"pdfa": true}` makes the merged PDF PDF/A-2b). The result is ' +
        "one PDF with every file's pages in that order: PDFs as they are, images and every format that " +
        'converts to `pdf` (see `GET /api/v1/formats`) converted first, each as its own conversion to PDF ' +
        'would be (its options at their defaults).',
      '',
      "A merge counts as one conversion of the daily allowance (429 when used up). Fewer than 2 files → 400 `missing_file`; more than the plan's `merge_files` (`GET /api/v1/subscriptions/plans`) → 413 `batch_too_large`; " +
        "the files together over the plan's upload size → 413 `payload_too_large`; a `target_format` other " +
        'than `pdf` → 400 `unsupported_conversion`; a file that is empty, of an unknown format or of one ' +
        'that does not convert to PDF → 400, naming the file and its place (`"notes.zip" (file 3): …`). ' +
        'Any refusal keeps nothing and charges nothing.',
      '',
      'The merge is then an ordinary conversion: status, progress, download (`application/pdf`), cancel, ' +
        'retry, delete and share links use the conversion endpoints. A file that fails to convert fails the ' +
        'merge, with an `error` naming it.',
    ].join('\n'),
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: MergeForm,
          encoding: {
            files: { contentType: 'application/octet-stream' },
            options: { contentType: 'application/json' },
          },
        },
      },
    },
    responses: errors(413, 500, 503, 507),
  },
});
