// ConvertX (github.com/C4illin/ConvertX) for bench/convertx.ts: started from a checkout with Bun from
// the npm registry, and driven through its browser flow (see the top of bench/convertx.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_ARGS } from '../../lib/engines/ffmpeg/args';
import { ROOT, processTree, sleep } from './server';

/** How often a client asks either service whether a conversion is done (BENCH_POLL_MS). */
export const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);
const CONVERT_TIMEOUT_MS = 180_000;

export type Work = {
  key: string;
  label: string;
  fileName: string;
  target: string;
  /** ConvertX's converter for the pair (its `convert_to` is `<target>,<converter>`). */
  convertxConverter: string;
  bytes: Buffer;
  isResult: (b: Buffer) => boolean;
  /**
   * Options that make Transmute's encoder do what ConvertX's does, where their defaults differ: a
   * Transmute variant of its own, polled like ConvertX, runs with them.
   */
  peerEncoderOptions?: { label: string; options: Record<string, unknown> };
};

/** The bun binary: $BUN, or the checkout's .bun-version installed from the npm registry under .data/bench. */
function bunBinary(checkout: string): string {
  if (process.env.BUN) return process.env.BUN;
  const version = readFileSync(path.join(checkout, '.bun-version'), 'utf8').trim();
  const prefix = path.join(ROOT, '.data/bench', `bun-${version}`);
  const bin = path.join(prefix, 'node_modules/.bin/bun');
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    const r = spawnSync('npm', ['install', '--no-save', '--prefix', prefix, `bun@${version}`], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm install bun@${version} failed:\n${r.stderr}`);
  }
  return bin;
}

export function requirePrograms(): void {
  for (const program of ['vips', 'ffmpeg', 'soffice']) {
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) {
      console.error(`${program} is not on PATH (vips: apt-get install libvips-tools).`);
      process.exit(2);
    }
  }
}

export type Peer = { baseUrl: string; pid: number; stop(): Promise<void> };

export async function startConvertx(checkout: string): Promise<Peer> {
  const bun = bunBinary(checkout);
  if (!existsSync(path.join(checkout, 'node_modules/elysia'))) {
    const r = spawnSync(bun, ['install', '--production', '--frozen-lockfile'], { cwd: checkout, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bun install in ${checkout} failed:\n${r.stdout}${r.stderr}`);
  }
  rmSync(path.join(checkout, 'data'), { recursive: true, force: true });
  const port = 3480 + Math.floor(Math.random() * 20);
  const child: ChildProcess = spawn(bun, ['run', 'src/index.tsx'], {
    cwd: checkout,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      NODE_ENV: 'production',
      ALLOW_UNAUTHENTICATED: 'true',
      HTTP_ALLOWED: 'true',
      // The same encoder settings as Transmute's WebM (lib/engines/ffmpeg/args.ts).
      FFMPEG_OUTPUT_ARGS: OUTPUT_ARGS.webm!.join(' '),
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`ConvertX exited (${child.exitCode}):\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`ConvertX did not answer on ${baseUrl}:\n${stderr}`);
    const ok = await fetch(`${baseUrl}/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      const pids = processTree(child.pid!);
      for (const pid of pids) tryKill(pid, 'SIGTERM');
      await sleep(500);
      for (const pid of pids) tryKill(pid, 'SIGKILL');
      rmSync(path.join(checkout, 'data'), { recursive: true, force: true });
    },
  };
}

function tryKill(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

/** One conversion through ConvertX's browser flow; returns the result's bytes. */
export async function convertxConvert(baseUrl: string, work: Work): Promise<Buffer> {
  const deadline = Date.now() + CONVERT_TIMEOUT_MS;
  const home = await fetch(`${baseUrl}/`, { redirect: 'manual' });
  await home.arrayBuffer();
  const cookies = home.headers.getSetCookie().map((c) => c.split(';')[0]);
  const jobId = cookies.find((c) => c.startsWith('jobId='))?.slice('jobId='.length);
  if (!jobId || !cookies.some((c) => c.startsWith('auth='))) throw new Error('ConvertX set no auth/jobId cookie');
  const cookie = cookies.join('; ');

  const form = new FormData();
  form.append('file', new Blob([work.bytes as Uint8Array<ArrayBuffer>]), work.fileName);
  const upload = await fetch(`${baseUrl}/upload`, { method: 'POST', body: form, headers: { cookie } });
  if (upload.status !== 200) throw new Error(`ConvertX upload: HTTP ${upload.status} ${await upload.text()}`);
  await upload.arrayBuffer();

  const convert = await fetch(`${baseUrl}/convert`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      convert_to: `${work.target},${work.convertxConverter}`,
      file_names: JSON.stringify([work.fileName]),
    }),
  });
  await convert.arrayBuffer();
  if (convert.status !== 302 || !convert.headers.get('location')?.includes(`/results/${jobId}`))
    throw new Error(`ConvertX convert: HTTP ${convert.status} → ${convert.headers.get('location')}`);

  // The job's file is listed, with its download link, once its converter has finished.
  for (;;) {
    const progress = await fetch(`${baseUrl}/progress/${jobId}`, { method: 'POST', headers: { cookie } });
    const href = /href="([^"]*\/download\/[^"]+)"/.exec(await progress.text())?.[1];
    if (href) {
      const res = await fetch(`${baseUrl}${href.replaceAll('&amp;', '&')}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`ConvertX download: HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    }
    if (Date.now() > deadline) throw new Error(`ConvertX job ${jobId} did not finish (${work.label})`);
    await sleep(POLL_MS);
  }
}
