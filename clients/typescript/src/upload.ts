import * as tus from 'tus-js-client';
import { retryAfterSeconds, TransmuteError } from './errors.js';
import type { Http } from './http.js';

export type TusOptions = {
  name: string;
  targetFormat: string;
  /** What tus-js-client reads: the Blob in browsers, a Buffer or an fs.ReadStream (resumable from disk) in Node. */
  source: unknown;
  /** Where tus-js-client remembers unfinished uploads to resume them (localStorage in browsers by default). */
  urlStorage?: tus.UrlStorage;
  chunkSize?: number;
  onBytes?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

const header = (value: string | string[] | undefined | null) => (Array.isArray(value) ? value : value ? [value] : []);

/** A failed tus upload's TransmuteError when the server answered; the error itself when no answer came. */
export function tusErrorOf(error: Error): Error {
  // Read by shape: the page's own tus-js-client may be another copy than this module's.
  const res = (error as Partial<tus.DetailedError>).originalResponse;
  if (!res) return error;
  let body: { error?: string; code?: string } = {};
  try {
    body = JSON.parse(res.getBody()) as typeof body;
  } catch {
    body = { error: error.message };
  }
  return new TransmuteError(res.getStatus(), body, retryAfterSeconds(res.getHeader('Retry-After') ?? null));
}

/** Uploads over tus (resuming an earlier attempt of the same file); resolves with the conversion id. */
export function tusUpload(http: Http, baseUrl: string, options: TusOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(options.source as tus.Upload['file'], {
      endpoint: `${baseUrl}/api/v1/tus`,
      metadata: { filename: options.name, target_format: options.targetFormat },
      chunkSize: options.chunkSize ?? 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      ...(options.urlStorage ? { urlStorage: options.urlStorage } : {}),
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(http.headers())) req.setHeader(name, value);
      },
      onAfterResponse: (_req, res) => http.remember(header(res.getHeader('set-cookie'))),
      onProgress: (sent, total) => options.onBytes?.(sent, total),
      onSuccess: ({ lastResponse }) => {
        const id = Number(lastResponse.getHeader('X-Conversion-Id'));
        if (Number.isSafeInteger(id) && id > 0) resolve(id);
        else
          reject(new TransmuteError(502, { code: 'bad_gateway', error: 'The tus upload ended without a conversion' }));
      },
      onError: (error) => reject(tusErrorOf(error)),
    });
    options.signal?.addEventListener('abort', () => void upload.abort().then(() => reject(options.signal!.reason)));
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(reject);
  });
}
