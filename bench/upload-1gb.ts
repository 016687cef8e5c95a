// Streams a large upload (a WAV generated on the fly, never held in memory) to POST /convert/upload
// as a chunked multipart body, sampling the web server's RSS every 100 ms; baseline: the same
// stream written to a file on the same disk. The conversion (WAV → MP3) is deleted at once.
// Run: npx tsx bench/upload-1gb.ts   (BENCH_SIZES_MIB=256,1024 by default: the last one is "the" figure)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client, now } from './lib/client';
import { assertBuilt, rssOf, ROOT, startServer } from './lib/server';

const MiB = 1024 * 1024;
const SIZES = (process.env.BENCH_SIZES_MIB ?? '256,1024').split(',').map((s) => Number(s) * 1024 * 1024);
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

/** A 44-byte PCM WAV header (44.1 kHz, 16-bit stereo) declaring `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(2, 22); // channels
  h.writeUInt32LE(44_100, 24);
  h.writeUInt32LE(44_100 * 4, 28); // byte rate
  h.writeUInt16LE(4, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36);
  h.writeUInt32LE(Math.min(0xffffffff, dataBytes), 40);
  return h;
}

/** `totalBytes` of WAV in 1 MiB chunks, each a fresh copy of pseudo-random noise with its own counter. */
function wavStream(totalBytes: number): Readable {
  const noise = Buffer.alloc(MiB);
  let seed = 7;
  for (let i = 0; i < MiB; i += 4) noise.writeUInt32LE((seed = (seed * 1664525 + 1013904223) >>> 0), i);
  return Readable.from(
    (function* () {
      yield wavHeader(totalBytes - 44);
      for (let sent = 44, n = 0; sent < totalBytes; n++) {
        const chunk = Buffer.allocUnsafe(Math.min(MiB, totalBytes - sent));
        noise.copy(chunk, 0, 0, chunk.length);
        chunk.writeUInt32LE(n, 0);
        sent += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/** Multipart body: the target_format field, then the file part streamed from `file`. */
function multipart(file: Readable, boundary: string): Readable {
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="target_format"\r\n\r\nmp3\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  return Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* file;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
    { objectMode: false },
  );
}

/** POSTs `totalBytes` chunked to `url`; returns the response status, body and elapsed ms. */
async function upload(
  url: string,
  cookie: string,
  totalBytes: number,
): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `bench${Date.now()}`;
  const t = now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', cookie },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), ms: now() - t }),
      );
    });
    req.on('error', reject);
    pipeline(multipart(wavStream(totalBytes), boundary), req).catch(reject);
  });
}

/** Second baseline: the same chunked POST to a bare node:http server (own process) piping the body to disk. */
async function bareHttpBaseline(totalBytes: number): Promise<number> {
  const file = path.join(ROOT, '.data/bench', `bare-${process.pid}.bin`);
  const code = `const fs=require('fs');const s=require('http').createServer((q,r)=>q.pipe(fs.createWriteStream(process.argv[1])).on('finish',()=>{r.statusCode=201;r.end('{}')}));s.listen(0,'127.0.0.1',()=>console.log(s.address().port))`;
  const child = spawn(process.execPath, ['-e', code, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const r = await upload(`http://127.0.0.1:${line.toString().trim()}/`, '', totalBytes);
    if (r.status !== 201) throw new Error(`bare http server: HTTP ${r.status}`);
    return r.ms;
  } finally {
    child.kill();
    rmSync(file, { force: true });
  }
}

async function diskBaseline(totalBytes: number): Promise<number> {
  const file = path.join(ROOT, '.data/bench', `baseline-${process.pid}.wav`);
  try {
    const t = now();
    await pipeline(wavStream(totalBytes), createWriteStream(file));
    return now() - t;
  } finally {
    rmSync(file, { force: true });
  }
}

type Result = {
  size: number;
  rssBefore: number;
  rssPeak: number;
  mainBefore: number;
  mainPeak: number;
  ms: number;
  diskMs: number;
  bareMs: number;
};

async function main() {
  assertBuilt();
  const server = await startServer();
  const results: Result[] = [];
  try {
    console.log(`service on ${server.baseUrl} (web root pid ${server.webRootPid}, serving pid ${server.webPid()})`);
    const client = new Client(server.baseUrl);
    await client.init();
    const upOnce = async (size: number) => {
      const r = await upload(`${server.baseUrl}/api/v1/convert/upload`, client.cookieHeader, size);
      if (r.status !== 201) throw new Error(`upload of ${mib(size)}: HTTP ${r.status} ${r.body}`);
      const id = (JSON.parse(r.body) as { id: number }).id;
      await client.remove(id); // stops ffmpeg if it already started, deletes the stored input
      return r.ms;
    };
    await upOnce(8 * MiB); // warm-up: loads the route and the storage code
    for (const size of SIZES) {
      const diskMs = await diskBaseline(size);
      const bareMs = await bareHttpBaseline(size);
      await new Promise((r) => setTimeout(r, 1000));
      const pid = server.webPid();
      const rssBefore = server.webRss();
      const mainBefore = rssOf(pid);
      let rssPeak = rssBefore;
      let mainPeak = mainBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, server.webRss());
        mainPeak = Math.max(mainPeak, rssOf(pid));
      }, 100);
      const ms = await upOnce(size).finally(() => clearInterval(sampler));
      results.push({ size, rssBefore, rssPeak, mainBefore, mainPeak, ms, diskMs, bareMs });
      console.log(
        `  ${mib(size)}: upload ${(ms / 1000).toFixed(1)} s, RSS ${mib(rssBefore)} → peak ${mib(rssPeak)} (tree), ${mib(mainBefore)} → ${mib(mainPeak)} (serving process)`,
      );
    }
  } finally {
    await server.stop();
  }

  console.log(
    '\n| upload | RSS before (tree) | peak RSS (tree) | peak − before | serving process before → peak | service MB/s | disk write MB/s (baseline) | service / disk | bare node:http MB/s | service / bare http |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const [up, disk, bare] = [mbps(r.size, r.ms), mbps(r.size, r.diskMs), mbps(r.size, r.bareMs)];
    const cells = [
      mib(r.size),
      mib(r.rssBefore),
      mib(r.rssPeak),
      mib(r.rssPeak - r.rssBefore),
      `${mib(r.mainBefore)} → ${mib(r.mainPeak)}`,
    ];
    cells.push(up.toFixed(0), disk.toFixed(0), (up / disk).toFixed(2), bare.toFixed(0), (up / bare).toFixed(2));
    console.log(`| ${cells.join(' | ')} |`);
  }
  if (results.length > 1) {
    const [a, b] = [results[0], results[results.length - 1]];
    const grow = b.rssPeak - b.rssBefore - (a.rssPeak - a.rssBefore);
    console.log(
      `\npeak growth from ${mib(a.size)} to ${mib(b.size)}: ${mib(grow)} (flat ≈ streaming; growing with size = buffering)`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
