import { AppError } from '@/lib/api/errors';
import { describeZodError } from '@/lib/api/responses';
import { withApi } from '@/lib/api/with-api';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { CompleteUploadBody, completeUploadOp } from '@/lib/schemas/uploads';
import { completeUpload } from '@/lib/uploads/parts-complete';

// POST /api/v1/uploads/{token}/complete – assemble the parts and convert (optional JSON body: options)
export const POST = withApi(completeUploadOp, async ({ caller, params, request }) => ({
  status: 201 as const,
  data: serializeConversion(await completeUpload(caller, params.token, await readOptions(request))),
}));

/** The body is optional: without a JSON Content-Type (or empty) there are no options. */
async function readOptions(request: Request): Promise<Record<string, unknown> | undefined> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) return undefined;
  const text = await request.text();
  if (text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Request body is not valid JSON');
  }
  const parsed = CompleteUploadBody.safeParse(json);
  if (!parsed.success) throw new AppError('validation_failed', `Invalid body: ${describeZodError(parsed.error)}`);
  return parsed.data.options;
}
