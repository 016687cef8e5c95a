import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { createConversion } from '@/lib/conversions/create-conversion';
import { COMPRESS_LEVELS, OCR_OUTPUTS } from '@/lib/domain/tools';
import type { ToolRequest } from '@/lib/conversions/tool-target';
import { installedLanguages } from '@/lib/engines/ocr/languages';
import type { Caller } from '@/lib/identity/caller';
import { limitsFor } from '@/lib/plans';
import { text } from '@/lib/schemas/common';
import { storage } from '@/lib/storage';
import { receiveMultipart } from '@/lib/uploads/direct/receive-multipart';

// POST /compress/upload and POST /tools/ocr: the direct upload's streaming reception, the tool's
// form fields checked, then createConversion with the tool (same limits, allowance, retention).

const CompressFields = z.object({
  level: z.enum(COMPRESS_LEVELS).default('medium'),
  target_size: text()
    .regex(/^\d{1,12}$/, 'must be a whole number of bytes')
    .transform(Number)
    .refine((n) => n > 0, 'must be at least 1 byte')
    .optional(),
});

const OcrFields = z.object({
  language: text().max(200).default('eng'),
  output: z.enum(OCR_OUTPUTS).default('txt'),
});

function parseCompress(fields: Record<string, string>): ToolRequest {
  const { level, target_size } = CompressFields.parse(fields);
  return { name: 'compress', options: { level, ...(target_size ? { target_size } : {}) } };
}

/** `language` is one installed code or several joined by `+`; anything else is a 400 naming the valid ones. */
function parseOcr(fields: Record<string, string>): ToolRequest {
  const { language, output } = OcrFields.parse(fields);
  const installed = installedLanguages().map((l) => l.code);
  const languages = [...new Set(language.split('+').map((code) => code.trim()))];
  const unknown = languages.filter((code) => !installed.includes(code));
  if (unknown.length > 0 || languages.length > 8) {
    throw new AppError(
      'validation_failed',
      `Unknown OCR language "${unknown.join('+') || language}": use codes from GET /api/v1/tools/ocr/languages ` +
        `(${installed.join(', ')}), several joined by "+" (at most 8)`,
    );
  }
  return { name: 'ocr', options: { languages, output } };
}

async function toolUpload(caller: Caller, request: Request, parse: (fields: Record<string, string>) => ToolRequest) {
  const { fields, file } = await receiveMultipart(request, limitsFor(caller.plan).maxUploadBytes);
  if (!file) throw new AppError('missing_file', 'No file uploaded: send it in the "file" part');
  let tool: ToolRequest;
  try {
    tool = parse(fields);
  } catch (e) {
    await storage()
      .delete(file.key)
      .catch(() => {});
    throw e;
  }
  return createConversion({ caller, input: file, targetFormat: undefined, tool });
}

export const compressUpload = ({ caller, request }: { caller: Caller; request: Request }) =>
  toolUpload(caller, request, parseCompress);

export const ocrUpload = ({ caller, request }: { caller: Caller; request: Request }) =>
  toolUpload(caller, request, parseOcr);
