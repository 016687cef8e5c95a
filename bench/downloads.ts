// Downloading a result (GET /api/v1/convert/download/{id}), one request at a time, on a quiet
// machine and while an ffmpeg VP9 encode keeps both cores busy (as an engine run does), against the
// floor of any HTTP service on the machine in the same run: a bare node:http server in its own
// process that reads the same file per request (`fs.readFile`) and answers it. The status read and a
// path Next answers 404 are timed beside them, to separate the route's own work from Next's.
// Run: npx tsx bench/downloads.ts   (BENCH_N=200 requests per figure)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, now, stats, type Stats } from './lib/client';
import { startBareServer } from './lib/bare-server';
import { makePng } from './lib/inputs';
import { assertBuilt, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
/** Between requests, so that each finds the server waiting, as a client's polls do. */
const PAUSE_MS = 7;

const BARE_HTTP_FILE = `
  const http = require('node:http'); const { readFile } = require('node:fs/promises');
  const file = process.argv[1];
  const s = http.createServer(async (req, res) => {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': 'image/webp', 'content-length': body.length }).end(body);
  });
  s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

async function sample(request: () => Promise<Response>): Promise<Stats> {
  const once = async () => {
    await (await request()).arrayBuffer();
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const durations: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = now();
    await once();
    durations.push(now() - started);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return stats(durations);
}

/** An encode like a video engine's: VP9 on both cores, for as long as the run needs. */
function busyCores() {
  const args = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-t', '3600'];
  return spawn('ffmpeg', [...args, '-c:v', 'libvpx-vp9', '-threads', '2', '-f', 'null', '-'], { stdio: 'ignore' });
}

async function main() {
  assertBuilt();
  const server = await startServer();
  try {
    const client = new Client(server.baseUrl);
    await client.init();
    const converted = await client.convertInOneRequest(await makePng(), 'bench.png', 'webp');
    const file = path.join(server.dataDir, 'bench-download.webp');
    writeFileSync(file, converted.result);
    const bare = await startBareServer(BARE_HTTP_FILE, [file]);
    console.log(`result: ${(converted.result.length / 1024).toFixed(0)} KiB WebP; N=${N} per figure`);
    const requests = {
      'download (service)': () => client.fetch(`/api/v1/convert/download/${converted.id}`),
      'the same file from the floor': () => fetch(`http://127.0.0.1:${bare.port}/`),
      'status read (service)': () => client.fetch(`/api/v1/convert/status/${converted.id}`),
      'a path Next answers 404 (service)': () => client.fetch('/api/v1/no-such-route'),
    };
    const rows: string[] = [];
    try {
      for (const load of ['quiet', 'ffmpeg on both cores'] as const) {
        const ffmpeg = load === 'quiet' ? undefined : busyCores();
        if (ffmpeg) await new Promise((resolve) => setTimeout(resolve, 500));
        try {
          const results = new Map<string, Stats>();
          for (const [name, request] of Object.entries(requests)) results.set(name, await sample(request));
          const floor = results.get('the same file from the floor')!;
          for (const [name, s] of results) {
            const ratio = (s.mean / floor.mean).toFixed(2);
            rows.push(
              `| ${load} | ${name} | ${s.mean.toFixed(2)} | ${s.p50.toFixed(2)} | ${s.p95.toFixed(2)} | ${ratio}× |`,
            );
          }
        } finally {
          ffmpeg?.kill('SIGKILL');
        }
      }
    } finally {
      bare.stop();
    }
    console.log('\n| load | request | mean ms | p50 ms | p95 ms | mean / the floor |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
