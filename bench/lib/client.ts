// A minimal Transmute API client for benchmarks (anonymous guest, cookie kept), plus stats helpers.

/** A terminal state, with when (performance.now()) the job was first seen out of `pending`. */
export type Outcome = { status: string; error?: string; seenRunningAt?: number };
/** A conversion's options, sent as the upload's `options` field. */
export type ConvertOptions = Record<string, unknown>;
export type Converted = {
  id: number;
  result: Buffer;
  uploadMs: number;
  queueMs: number;
  waitMs: number;
  downloadMs: number;
};

/** Mean time per phase over a run's conversions; `queued` (201 → first seen processing) is part of `wait`. */
export function phases(runs: Converted[]): string {
  const mean = (k: 'uploadMs' | 'queueMs' | 'waitMs' | 'downloadMs') =>
    `${(runs.reduce((a, r) => a + r[k], 0) / runs.length).toFixed(1)} ms`;
  return `upload ${mean('uploadMs')}, wait ${mean('waitMs')} (of which queued ${mean('queueMs')}), download ${mean('downloadMs')}`;
}

/** A multipart/form-data body (target_format, the options if any, then the file), encoded once per file like `curl -F` would send it. */
function multipartBody(
  bytes: Uint8Array,
  fileName: string,
  targetFormat: string,
  options?: ConvertOptions,
): { body: Buffer; contentType: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="target_format"\r\n\r\n${targetFormat}\r\n` +
    (options
      ? `--${boundary}\r\ncontent-disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n`
      : '') +
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'content-type: application/octet-stream\r\n\r\n';
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export class Client {
  private cookie = '';
  private readonly bodies = new WeakMap<Uint8Array, Map<string, ReturnType<typeof multipartBody>>>();

  /** `credentials`: headers sent with every request (an API key); without them the client is a guest. */
  constructor(
    readonly baseUrl: string,
    private readonly credentials: Record<string, string> = {},
  ) {}

  /** Request with the guest cookie; remembers the cookie the first response sets. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.credentials)) headers.set(name, value);
    if (this.cookie) headers.set('cookie', this.cookie);
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, headers });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('tm_guest='));
    if (set) this.cookie = set.split(';')[0];
    return res;
  }

  get cookieHeader(): string {
    return this.cookie;
  }

  /** Gets the guest cookie before concurrent calls (so they all share one guest): any non-open endpoint sets it. */
  async init(): Promise<void> {
    await (await this.fetch('/api/v1/convert/status/1')).arrayBuffer();
    if (!this.cookie) throw new Error('the server set no tm_guest cookie');
  }

  private multipart(bytes: Uint8Array, fileName: string, targetFormat: string, options?: ConvertOptions) {
    const forBytes = this.bodies.get(bytes) ?? new Map<string, ReturnType<typeof multipartBody>>();
    this.bodies.set(bytes, forBytes);
    const cacheKey = `${fileName}\0${targetFormat}\0${JSON.stringify(options ?? null)}`;
    if (!forBytes.has(cacheKey)) forBytes.set(cacheKey, multipartBody(bytes, fileName, targetFormat, options));
    return forBytes.get(cacheKey)!;
  }

  /** POST /convert: the file in, the result out, in one request; returns the conversion id and the result. */
  async convertInOneRequest(bytes: Uint8Array, fileName: string, targetFormat: string, options?: ConvertOptions) {
    const { body: multipart, contentType } = this.multipart(bytes, fileName, targetFormat, options);
    const res = await this.fetch('/api/v1/convert', {
      method: 'POST',
      body: multipart as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': contentType },
    });
    if (res.status !== 200) throw new Error(`convert: HTTP ${res.status} ${await res.text()}`);
    return { id: Number(res.headers.get('x-conversion-id')), result: Buffer.from(await res.arrayBuffer()) };
  }

  /** POST /convert/upload; `options`: the conversion's options (the `options` field), none by default. */
  async upload(bytes: Uint8Array, fileName: string, targetFormat: string, options?: ConvertOptions): Promise<number> {
    const { body: multipart, contentType } = this.multipart(bytes, fileName, targetFormat, options);
    const res = await this.fetch('/api/v1/convert/upload', {
      method: 'POST',
      body: multipart as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': contentType },
    });
    const body = (await res.json()) as { id?: number; error?: string };
    if (res.status !== 201 || typeof body.id !== 'number')
      throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(body)}`);
    return body.id;
  }

  /** Waits for a terminal state: over SSE (default) or by polling the status every `pollMs`. */
  async wait(id: number, pollMs?: number): Promise<Outcome> {
    return pollMs ? this.poll(id, pollMs) : this.sse(id);
  }

  private async sse(id: number): Promise<Outcome> {
    const res = await this.fetch(`/api/v1/conversions/${id}/progress`, { headers: { accept: 'text/event-stream' } });
    if (res.status !== 200 || !res.body) throw new Error(`progress: HTTP ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = res.body.getReader();
    let seenRunningAt: number | undefined;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (\w+)/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (!data) continue;
        const state = JSON.parse(data) as Outcome;
        if (state.status !== 'pending') seenRunningAt ??= now();
        if (event && event !== 'progress') {
          await reader.cancel().catch(() => {});
          return { ...state, seenRunningAt };
        }
      }
    }
    throw new Error(`progress stream of ${id} ended without a terminal event`);
  }

  private async poll(id: number, pollMs: number): Promise<Outcome> {
    let seenRunningAt: number | undefined;
    for (;;) {
      const res = await this.fetch(`/api/v1/convert/status/${id}`);
      const body = (await res.json()) as { conversion?: { status: string }; error?: string };
      const status = body.conversion?.status;
      if (!status) throw new Error(`status: HTTP ${res.status} ${JSON.stringify(body)}`);
      if (status !== 'pending') seenRunningAt ??= now();
      if (status !== 'processing' && status !== 'pending') return { status, error: body.error, seenRunningAt };
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  async download(id: number): Promise<Buffer> {
    const res = await this.fetch(`/api/v1/convert/download/${id}`);
    if (res.status !== 200) throw new Error(`download: HTTP ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async remove(id: number): Promise<void> {
    const res = await this.fetch(`/api/v1/conversions/${id}`, { method: 'DELETE' });
    const body = await res.text();
    if (res.status !== 200 && res.status !== 404) throw new Error(`delete ${id}: HTTP ${res.status} ${body}`);
  }

  /**
   * Upload → wait → download (timing each phase, in ms); then deletes the conversion unless
   * `keep` (a benchmark timing conversions deletes them after its timed run, as clients need not).
   */
  async convert(
    bytes: Uint8Array,
    fileName: string,
    targetFormat: string,
    pollMs?: number,
    keep = false,
    options?: ConvertOptions,
  ): Promise<Converted> {
    const t0 = now();
    const id = await this.upload(bytes, fileName, targetFormat, options);
    const t1 = now();
    const outcome = await this.wait(id, pollMs);
    if (outcome.status !== 'completed') throw new Error(`conversion ${id} ${outcome.status}: ${outcome.error ?? ''}`);
    const t2 = now();
    const result = await this.download(id);
    const t3 = now();
    if (!keep) await this.remove(id);
    return {
      id,
      result,
      uploadMs: t1 - t0,
      queueMs: (outcome.seenRunningAt ?? t2) - t1,
      waitMs: t2 - t1,
      downloadMs: t3 - t2,
    };
  }
}

export const now = () => performance.now();

export type Stats = { n: number; mean: number; p50: number; p95: number; min: number; max: number };

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return {
    n: s.length,
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    p50: q(0.5),
    p95: q(0.95),
    min: s[0],
    max: s[s.length - 1],
  };
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const fmtStats = (x: Stats) =>
  `mean ${ms(x.mean)}  p50 ${ms(x.p50)}  p95 ${ms(x.p95)}  (min ${ms(x.min)}, max ${ms(x.max)}, n=${x.n})`;

export type Measured = { perSec: number; latency: Stats; failed: number; firstError?: string };

/**
 * Sums rounds of one variant. A failed conversion counts in the latency but not in the throughput
 * (conversions delivered per second), and its first error is kept for the report.
 */
export function collector() {
  const durations: number[] = [];
  let wallMs = 0;
  let failed = 0;
  let firstError: string | undefined;
  return {
    /** `task`, with its failure recorded instead of thrown. */
    guard: (task: () => Promise<void>) => async () => {
      try {
        await task();
      } catch (e) {
        failed++;
        firstError ??= e instanceof Error ? e.message : String(e);
      }
    },
    add(r: { durations: number[]; wallMs: number }) {
      durations.push(...r.durations);
      wallMs += r.wallMs;
    },
    result: (): Measured => ({
      perSec: ((durations.length - failed) * 1000) / wallMs,
      latency: stats(durations),
      failed,
      firstError,
    }),
  };
}

/** Runs `task(i)` for i in [0, n) with at most `concurrency` at once; returns each task's duration (ms). */
export async function timed(
  n: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
): Promise<{ durations: number[]; wallMs: number }> {
  const durations: number[] = new Array<number>(n);
  let next = 0;
  const start = now();
  const lane = async () => {
    while (next < n) {
      const i = next++;
      const t = now();
      await task(i);
      durations[i] = now() - t;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { durations, wallMs: now() - start };
}
