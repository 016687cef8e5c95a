import createClient from 'openapi-fetch';
import { dataOf, ensureOk } from './errors.js';
import { createHttp, type HttpOptions } from './http.js';
import type { components, paths } from './schema.js';
import { tusUpload, type TusOptions } from './upload.js';
import { assertCompleted, type ConversionState, waitForConversion, type WaitOptions } from './wait.js';

export type Conversion = components['schemas']['Conversion'];
export type ShareLink = components['schemas']['ShareLink'];
export type BatchCreated = components['schemas']['BatchCreated'];
export type FormatEntry = components['schemas']['FormatEntry'];
export type CreateShareLink = components['schemas']['CreateShareLink'];

export type TransmuteOptions = HttpOptions & {
  /** The service's address, e.g. `http://localhost:3000` (default: this page's origin in browsers). */
  baseUrl?: string;
};

/** A file to send: its bytes (a File names itself) and optionally its name. */
export type FileInput = Blob | Uint8Array | ArrayBuffer;

export type ConvertOptions = WaitOptions & {
  /** The file's name (default: the File's own, else `file`). */
  name?: string;
  /** Conversion options (`ConversionOptions` in the OpenAPI document), e.g. `{ quality: 80 }`. */
  options?: Record<string, unknown>;
  /** Files larger than this go over tus, resumable (default 64 MiB). */
  resumableAbove?: number;
  /** Passed to the tus upload: `source` (an fs.ReadStream in Node resumes from disk), `urlStorage`, `chunkSize`. */
  tus?: Partial<Pick<TusOptions, 'source' | 'urlStorage' | 'chunkSize'>>;
  /** Upload progress in bytes (resumable uploads). */
  onBytes?: (sent: number, total: number) => void;
};

/** One file of a batch or a merge: its bytes (a File names itself) and optionally its name. */
export type NamedFile = { file: FileInput; name?: string };

export type MergeOptions = {
  /** The merged PDF's options (`MergeOptions` in the OpenAPI document): `pdfa: true` writes PDF/A-2b. */
  options?: { pdfa?: boolean };
  signal?: AbortSignal;
};

/** A converted file: its conversion, its name and the download response (stream `body` or read it). */
export type ConvertResult = { id: number; fileName: string; contentType: string; response: Response };

const DEFAULT_RESUMABLE_ABOVE = 64 * 1024 * 1024;

const toBlob = (file: FileInput) => (file instanceof Blob ? file : new Blob([file as BlobPart]));
const nameOf = (file: FileInput, name?: string) =>
  name ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'file');

/** The file name a download response gives (`Content-Disposition`), else a fallback. */
export function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(cd);
  return plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : fallback;
}

function form(fields: Record<string, string | undefined>, file: Blob, name: string): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
  body.append('file', file, name);
  return body;
}

/** The Transmute API: `api` is the typed client of every operation, the rest the usual tasks. */
export function createTransmute(options: TransmuteOptions = {}) {
  const baseUrl = (options.baseUrl ?? globalThis.location?.origin ?? '').replace(/\/+$/, '');
  const http = createHttp(options);
  const api = createClient<paths>({ baseUrl, fetch: http.send });
  const url = (path: string) => `${baseUrl}${path}`;
  const post = (path: string, body: FormData, signal?: AbortSignal) =>
    http.send(new Request(url(path), { method: 'POST', body, signal }));
  const get = async (path: string, signal?: AbortSignal) =>
    ensureOk(await http.send(new Request(url(path), { signal })));

  const download = async (id: number, signal?: AbortSignal) => get(`/api/v1/convert/download/${id}`, signal);

  async function resultOf(id: number, name: string, res: Response): Promise<ConvertResult> {
    return {
      id,
      fileName: fileNameOf(res, name),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      response: res,
    };
  }

  /** Creates a conversion from a file: direct upload, or tus when larger than `resumableAbove`. */
  async function upload(file: FileInput, targetFormat: string, opts: ConvertOptions = {}): Promise<number> {
    const blob = toBlob(file);
    const name = nameOf(file, opts.name);
    if (blob.size > (opts.resumableAbove ?? DEFAULT_RESUMABLE_ABOVE)) {
      const inNode = typeof document === 'undefined' && typeof Buffer !== 'undefined';
      const source = opts.tus?.source ?? (inNode ? Buffer.from(await blob.arrayBuffer()) : blob);
      return tusUpload(http, baseUrl, {
        ...opts.tus,
        name,
        targetFormat,
        source,
        onBytes: opts.onBytes,
        signal: opts.signal,
      });
    }
    const fields = { target_format: targetFormat, options: opts.options && JSON.stringify(opts.options) };
    const res = await ensureOk(await post('/api/v1/convert/upload', form(fields, blob, name), opts.signal));
    return ((await res.json()) as Conversion).id;
  }

  /** Waits for a conversion (progress over SSE, else polling) and downloads its result. */
  async function finish(id: number, name: string, opts: WaitOptions): Promise<ConvertResult> {
    assertCompleted(await waitForConversion(http, baseUrl, id, opts));
    return resultOf(id, name, await download(id, opts.signal));
  }

  /**
   * Converts a file and returns the result: small files in one request (POST /api/v1/convert, waiting
   * on the event stream if it answers 202), large ones over resumable tus. A failure throws TransmuteError.
   */
  async function convert(file: FileInput, targetFormat: string, opts: ConvertOptions = {}): Promise<ConvertResult> {
    const blob = toBlob(file);
    const name = nameOf(file, opts.name);
    if (blob.size > (opts.resumableAbove ?? DEFAULT_RESUMABLE_ABOVE)) {
      return finish(await upload(file, targetFormat, opts), name, opts);
    }
    const fields = { target_format: targetFormat, options: opts.options && JSON.stringify(opts.options) };
    const res = await ensureOk(await post('/api/v1/convert', form(fields, blob, name), opts.signal));
    const id = Number(res.headers.get('x-conversion-id'));
    if (res.status === 202) {
      await res.body?.cancel();
      return finish(id, name, opts);
    }
    opts.onProgress?.({ id, status: 'completed', progress: 100 });
    return resultOf(id, name, res);
  }

  /** Sends a file to a tool (compress, OCR); resolves with the conversion it creates. */
  async function tool(path: string, file: FileInput, fields: Record<string, string | undefined>, name?: string) {
    const res = await ensureOk(await post(path, form(fields, toBlob(file), nameOf(file, name))));
    return (await res.json()) as Conversion;
  }

  return {
    /** The typed openapi-fetch client: `api.GET('/api/v1/formats')`, … */
    api,
    convert,
    upload,
    download,
    wait: (id: number, opts?: WaitOptions): Promise<ConversionState> => waitForConversion(http, baseUrl, id, opts),
    finish,
    status: (id: number) => dataOf(api.GET('/api/v1/convert/status/{id}', { params: { path: { id: String(id) } } })),
    formats: () => dataOf(api.GET('/api/v1/formats')).then((body) => body.formats),
    compress: (file: FileInput, opts: { level?: 'low' | 'medium' | 'high'; targetSize?: number; name?: string } = {}) =>
      tool('/api/v1/compress/upload', file, { level: opts.level, target_size: opts.targetSize?.toString() }, opts.name),
    ocr: (file: FileInput, opts: { language?: string; output?: 'txt' | 'pdf'; name?: string } = {}) =>
      tool('/api/v1/tools/ocr', file, { language: opts.language, output: opts.output }, opts.name),
    /** Uploads several files as one batch, one target for all or one per file. */
    async batch(files: NamedFile[], targetFormat: string | string[]) {
      const body = new FormData();
      for (const target of [targetFormat].flat()) body.append('target_format', target);
      for (const { file, name } of files) body.append('file', toBlob(file), nameOf(file, name));
      const res = await ensureOk(await post('/api/v1/batch/upload', body));
      return (await res.json()) as BatchCreated;
    },
    /**
     * Merges the files into one PDF, their pages in the order given (each file streamed as the
     * upload streams it); resolves with the merge's conversion. `finish(id, name)` waits and downloads it.
     */
    async merge(files: NamedFile[], opts: MergeOptions = {}) {
      const body = new FormData();
      body.append('target_format', 'pdf');
      if (opts.options) body.append('options', JSON.stringify(opts.options));
      for (const { file, name } of files) body.append('files', toBlob(file), nameOf(file, name));
      const res = await ensureOk(await post('/api/v1/merge', body, opts.signal));
      return (await res.json()) as Conversion;
    },
    batchStatus: (batchId: string) =>
      dataOf(api.GET('/api/v1/batch/{batchId}/status', { params: { path: { batchId } } })),
    /** The batch's results as one ZIP (stream or read the response). */
    downloadBatch: (batchId: string) => get(`/api/v1/batch/${encodeURIComponent(batchId)}/download`),
    share: (id: number, link: CreateShareLink = {}) =>
      dataOf(api.POST('/api/v1/conversions/{id}/share', { params: { path: { id: String(id) } }, body: link })),
  };
}

export type Transmute = ReturnType<typeof createTransmute>;
