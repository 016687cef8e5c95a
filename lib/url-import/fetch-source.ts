import { pipeline } from 'node:stream';
import { AppError, isAppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Conversion } from '@/lib/generated/prisma/client';
import { HEAD_BYTES } from '@/lib/formats/detect-format';
import { storage } from '@/lib/storage';
import { captureHead } from '@/lib/storage/capture-head';
import { checkInput } from '@/lib/conversions/check-input';
import { outboundRequest } from '@/lib/outbound/client';
import { nameFromContentDisposition, nameFromUrl } from '@/lib/url-import/source-name';
import { config } from '@/lib/config';

/**
 * Whether a claimed conversion still has to fetch its input (a URL import's first job phase). Not
 * read from `originalFormat`: that holds the guess from the file's name until the bytes are here.
 */
export const needsFetch = (row: Pick<Conversion, 'sourceUrl' | 'sourceFetchedAt'>) =>
  row.sourceUrl !== null && row.sourceFetchedAt === null;

/** The whole fetch, from the first lookup to the last byte (URL_IMPORT_TIMEOUT_SECONDS, default 300). */
const fetchTimeoutMs = () => config.urlImportTimeoutSeconds * 1000;

/**
 * The job phase before the engine for a URL import: fetches the file through the outbound client
 * into the row's input key (the plan's limit counted while streaming), names it (file_name, else
 * Content-Disposition, else the URL path), detects its format from the bytes and checks the pair.
 * Every failure is an AppError, so the conversion fails at once with a clear message.
 */
export async function fetchSource(row: Conversion, signal: AbortSignal): Promise<Conversion> {
  const url = new URL(row.sourceUrl!);
  try {
    const res = await outboundRequest(url, {
      maxBytes: row.sourceMaxBytes === null ? null : Number(row.sourceMaxBytes),
      totalTimeoutMs: fetchTimeoutMs(),
      signal,
    });
    if (res.status < 200 || res.status > 299) {
      res.body.destroy();
      throw new AppError('bad_request', `The server answered HTTP ${res.status}`);
    }
    const { tap, head } = captureHead(HEAD_BYTES);
    // pipeline carries a failure (size cap, timeout) from the response into the store's reader.
    pipeline(res.body, tap, () => {});
    const { size } = await storage().put(row.inputKey, tap);
    const nameGiven = row.originalFileName !== nameFromUrl(url);
    const fileName =
      (!nameGiven && nameFromContentDisposition(res.headers['content-disposition'] as string | undefined)) ||
      row.originalFileName;
    const checked = await checkInput({ key: row.inputKey, fileName, size, head: head() }, row.targetFormat);
    return await db.conversion.update({
      where: { id: row.id },
      data: {
        originalFormat: checked.source,
        originalFileName: checked.fileName,
        inputSize: BigInt(size),
        sourceFetchedAt: new Date(),
      },
    });
  } catch (e) {
    await storage()
      .delete(row.inputKey)
      .catch(() => {});
    if (signal.aborted) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    throw new AppError(isAppError(e) ? e.code : 'bad_request', `Could not import the URL: ${reason}`, { cause: e });
  }
}
