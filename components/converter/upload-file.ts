import * as tus from 'tus-js-client';
import { tusErrorOf } from '@transmute/client';
import { toTransmuteError, transmute } from '@/components/api/browser-client';
import { errorInfo } from './api-errors';
import type { Conversion, ErrorInfo } from './types';

// Same values as lib/domain/upload-rules.ts (browser code does not import server modules).
const TUS_ENDPOINT = '/api/v1/tus';
const CONVERSION_ID_HEADER = 'X-Conversion-Id';
/** Retries after a dropped connection; each resumes from the offset the server reports. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export type UploadOutcome =
  { ok: true; conversion: Conversion } | { ok: false; error: ErrorInfo } | { ok: false; aborted: true };

export type UploadProgress = { sent: number; total: number };

export type UploadHandle = {
  done: Promise<UploadOutcome>;
  /** Stops sending; `resume` continues from the bytes the server has. */
  pause: () => void;
  resume: () => void;
  /** Stops and deletes what was sent. */
  cancel: () => void;
};

/** A refused upload (the server's answer, read as the client reads any), or one cut off. */
function failure(e: unknown): UploadOutcome {
  return { ok: false, error: errorInfo(toTransmuteError(e instanceof Error ? tusErrorOf(e) : e), true) };
}

/**
 * Sends a file through tus (POST /api/v1/tus, then PATCHes): resumes by itself after a dropped
 * connection, and after a page reload when the same file is chosen again for the same target (the
 * client's fingerprint store in localStorage) with the same options. The last PATCH names the conversion in X-Conversion-Id.
 */
export function uploadFile(
  file: File,
  target: string,
  onProgress: (progress: UploadProgress) => void,
  options: Record<string, unknown> = {},
  /** Which copy this is among identical files chosen together (0: the first): each is its own upload. */
  copy = 0,
): UploadHandle {
  let settle: (outcome: UploadOutcome) => void = () => {};
  const done = new Promise<UploadOutcome>((resolve) => (settle = resolve));
  const upload = new tus.Upload(file, {
    endpoint: TUS_ENDPOINT,
    // The fingerprint finds a file's earlier upload to resume; a second identical file must not
    // take the first one's.
    ...(copy > 0
      ? {
          fingerprint: async (f: File, o: tus.UploadOptions) =>
            `${await tus.defaultOptions.fingerprint(f, o)}#copy-${copy}`,
        }
      : {}),
    retryDelays: RETRY_DELAYS,
    metadata: {
      filename: file.name,
      filetype: file.type,
      target_format: target,
      // The conversion options as JSON (lib/uploads/tus/requests.ts checks them at creation).
      ...(Object.keys(options).length > 0 ? { options: JSON.stringify(options) } : {}),
    },
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => onProgress({ sent, total }),
    onError: (e) => settle(failure(e)),
    onSuccess: ({ lastResponse }) => {
      const id = lastResponse.getHeader(CONVERSION_ID_HEADER);
      if (!id)
        return settle({
          ok: false,
          error: { title: 'Unexpected answer', message: 'The server did not name the conversion.' },
        });
      transmute.status(Number(id)).then(
        ({ conversion }) => settle({ ok: true, conversion }),
        (e: unknown) => settle(failure(e)),
      );
    },
  });
  const start = async () => {
    // A reload left this file half sent for this target: continue where the server stopped.
    const previous = await upload.findPreviousUploads().catch(() => []);
    const sent = Object.keys(options).length > 0 ? JSON.stringify(options) : undefined;
    const same = previous.find((p) => p.metadata.target_format === target && p.metadata.options === sent);
    if (same) upload.resumeFromPreviousUpload(same);
    upload.start();
  };
  void start();
  return {
    done,
    pause: () => void upload.abort(),
    resume: () => upload.start(),
    cancel: () => {
      void upload.abort(true).catch(() => {});
      settle({ ok: false, aborted: true });
    },
  };
}
