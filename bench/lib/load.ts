// A small HTTP/1.1 load generator: C keep-alive connections, each sending one GET at a time
// (no pipelining) for a fixed duration. Raw sockets and a minimal response parser keep its own
// CPU cost far below the server's, so on a shared 2-core machine it is not the bottleneck.
import net from 'node:net';

export type LoadResult = {
  requests: number;
  /** Responses with another status than `expectStatus`. */
  unexpected: number;
  statuses: Record<number, number>;
  perSec: number;
  p50: number;
  p99: number;
  max: number;
};

export type LoadOptions = {
  port: number;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  expectStatus?: number;
};

/** Length of one complete response at the start of `buf` (Content-Length or chunked), or -1. */
function responseLength(buf: Buffer): number {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return -1;
  const head = buf.subarray(0, headEnd).toString('latin1').toLowerCase();
  const bodyStart = headEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (length) return buf.length >= bodyStart + Number(length[1]) ? bodyStart + Number(length[1]) : -1;
  if (!head.includes('transfer-encoding: chunked')) return bodyStart; // no body (e.g. 204, 304)
  let at = bodyStart;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const size = parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
    const next = lineEnd + 2 + size + 2;
    if (buf.length < next) return -1;
    if (size === 0) return next;
    at = next;
  }
}

/** Runs the load and returns throughput and latency percentiles (ms). */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const headerLines = Object.entries({ host: `127.0.0.1:${opts.port}`, connection: 'keep-alive', ...opts.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const request = Buffer.from(`GET ${opts.path} HTTP/1.1\r\n${headerLines}\r\n`, 'latin1');
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const start = performance.now();
  const end = start + opts.durationMs;

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(opts.port, '127.0.0.1');
      socket.setNoDelay(true);
      let buf = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        const length = responseLength(buf);
        if (length < 0) return;
        const now = performance.now();
        latencies.push(now - sentAt);
        const status = Number(buf.subarray(9, 12).toString('latin1'));
        statuses[status] = (statuses[status] ?? 0) + 1;
        buf = buf.subarray(length);
        if (now < end) send();
        else socket.end(resolve);
      });
    });

  await Promise.all(Array.from({ length: opts.connections }, connection));
  const wallMs = performance.now() - start;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  const expected = opts.expectStatus ?? 200;
  return {
    requests: latencies.length,
    unexpected: latencies.length - (statuses[expected] ?? 0),
    statuses,
    perSec: (latencies.length * 1000) / wallMs,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies[latencies.length - 1],
  };
}
