import { type Caller, ownerOf } from '@/lib/identity/caller';
import { expiresAtFor, limitsFor } from '@/lib/plans';
import { newStorageKey } from '@/lib/storage/keys';
import { parseTargetFormat } from '@/lib/conversions/check-input';
import { insertAndRun } from '@/lib/conversions/create-conversion';
import { cleanFileName } from '@/lib/conversions/file-names';
import { checkOptionsForTarget } from '@/lib/conversions/convert-options';
import type { Prisma } from '@/lib/generated/prisma/client';
import { preflight } from '@/lib/outbound/client';
import { formatFromName, nameFromUrl } from '@/lib/url-import/source-name';

/**
 * POST /convert/upload-url: checks the URL at once (scheme, credentials, literal and resolved
 * addresses: 400), then charges the allowance and inserts a pending conversion whose job fetches
 * the file first (lib/url-import/fetch-source.ts). Plan limit, retention and ownership as an upload;
 * `original_format` is guessed from `file_name`, else the URL path, and corrected once fetched.
 */
export async function createUrlImport(options: {
  caller: Caller;
  url: string;
  targetFormat: string;
  fileName?: string;
  /** Checked against the target now and against the pair once the file is fetched. */
  convertOptions?: Record<string, unknown>;
}) {
  const { caller, convertOptions = {} } = options;
  const targetFormat = parseTargetFormat(options.targetFormat);
  checkOptionsForTarget(targetFormat, convertOptions);
  const url = await preflight(options.url);
  const createdAt = new Date();
  const maxBytes = limitsFor(caller.plan).maxUploadBytes;
  const row = await insertAndRun(caller, {
    createdAt,
    ...ownerOf(caller),
    originalFileName: cleanFileName(options.fileName ?? nameFromUrl(url)),
    // A guess from the names until the job detects the format from the bytes it fetched.
    originalFormat: formatFromName(options.fileName ?? '') || formatFromName(nameFromUrl(url)),
    targetFormat,
    options: convertOptions as Prisma.InputJsonObject,
    inputKey: newStorageKey('inputs'),
    inputSize: BigInt(0),
    resultKey: newStorageKey('results'),
    expiresAt: expiresAtFor(caller.plan, createdAt),
    sourceUrl: url.href,
    sourceMaxBytes: maxBytes === null ? null : BigInt(maxBytes),
  });
  return row;
}
