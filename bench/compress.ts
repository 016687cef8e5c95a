// Compression per family: the service's engine (sandboxed, warm sharp workers, the same code a job
// runs) against the tool run directly on the same file in the same run: size reduction and time
// per MB of input. In process (engine level, no server, no queue): what a job adds around the
// engine (queue, storage, status writes) is measured by bench/png-to-webp.ts.
// Baselines: `gs -sDEVICE=pdfwrite` with the same preset for PDF, `ffmpeg` with the same codec
// settings for MP4 and MP3, sharp in this process with the same encoder options for JPEG and PNG
// (no JPEG or PNG command-line encoder is installed; sharp is the library the service calls).
// Run: npx tsx bench/compress.ts   (BENCH_ROUNDS=3: best of, per family and side; level medium)
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { mediaCodecArgs } from '@/lib/engines/compress/media';
import { pdfwriteArgs } from '@/lib/engines/compress/pdf';
import { findEngine } from '@/lib/engines/registry';
import { shutdownSharp, warmUpSharp } from '@/lib/engines/sharp/pool';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob } from '@/tests/fixtures/engine-job';
import { makeNoisyPng } from '@/tests/support/fixtures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MB = 1e6;
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
const ffmpeg = (args: string[]) => run('ffmpeg', ['-nostdin', '-loglevel', 'error', ...args]);
/** The level both sides run at; the direct side runs the service's own encoder arguments. */
const LEVEL = 'medium';
const codec = (format: FormatName) => {
  const args = mediaCodecArgs(format, LEVEL);
  if (!args) throw new Error(`no encoder arguments for ${format}`);
  return args;
};

type Sample = {
  family: string;
  format: FormatName;
  make: (dir: string) => Promise<Buffer>;
  /** The tool run directly, input → output, with the service's settings at LEVEL. */
  direct: (input: string, output: string) => Promise<void>;
};

/** A photo-like image: noise blurred (what cameras and scanners give encoders). */
const photo = async (w: number, h: number) =>
  sharp(await makeNoisyPng(w, h))
    .blur(1.5)
    .toBuffer();

const SAMPLES: Sample[] = [
  {
    family: 'JPEG (mozjpeg)',
    format: 'jpg',
    make: async () =>
      sharp(await photo(3000, 2000))
        .jpeg({ quality: 95 })
        .toBuffer(),
    direct: async (i, o) => void (await sharp(i).jpeg({ quality: 75, mozjpeg: true }).toFile(o)),
  },
  {
    family: 'PNG (palette)',
    format: 'png',
    make: async () =>
      sharp(await photo(1600, 1200))
        .png()
        .toBuffer(),
    direct: async (i, o) =>
      void (await sharp(i).png({ palette: true, quality: 75, effort: 10, compressionLevel: 9 }).toFile(o)),
  },
  {
    family: 'PDF (gs + qpdf)',
    format: 'pdf',
    make: async (dir) => {
      const pages: string[] = [];
      for (let i = 0; i < 4; i++) {
        const file = path.join(dir, `scan-${i}.jpg`);
        await writeFile(
          file,
          await sharp(await photo(2480, 3508))
            .jpeg({ quality: 92 })
            .toBuffer(),
        );
        pages.push(file);
      }
      run('img2pdf', ['--pagesize', 'A4', '--output', path.join(dir, 'scan.pdf'), ...pages]);
      return readFileSync(path.join(dir, 'scan.pdf'));
    },
    direct: async (i, o) => void run('gs', pdfwriteArgs(LEVEL, i, o)),
  },
  {
    family: 'MP4 (x264 CRF)',
    format: 'mp4',
    make: async (dir) => {
      const file = path.join(dir, 'clip.mp4');
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=1280x720:rate=30:duration=10',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=10',
        '-c:v',
        'libx264',
        '-crf',
        '12',
        '-preset',
        'veryfast',
        '-c:a',
        'aac',
        '-b:a',
        '256k',
        file,
      ]);
      return readFileSync(file);
    },
    direct: async (i, o) => void ffmpeg(['-i', i, '-map', '0:v:0', '-map', '0:a:0?', ...codec('mp4'), '-y', o]),
  },
  {
    family: 'MP3 (lame, lower bitrate)',
    format: 'mp3',
    make: async (dir) => {
      const file = path.join(dir, 'song.mp3');
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'anoisesrc=duration=60:color=pink:amplitude=0.3',
        '-ac',
        '2',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '320k',
        file,
      ]);
      return readFileSync(file);
    },
    direct: async (i, o) => void ffmpeg(['-i', i, '-map', '0:a:0', '-vn', ...codec('mp3'), '-y', o]),
  },
];

const now = () => performance.now();

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-compress-'));
  await warmUpSharp();
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; best of ${ROUNDS} rounds`,
  );
  const rows: string[] = [];
  try {
    for (const sample of SAMPLES) {
      const input = await sample.make(dir);
      const engine = findEngine(sample.format, sample.format, 'compress');
      if (!engine) throw new Error(`no compressor for ${sample.format}`);
      const inFile = path.join(dir, `in.${sample.format}`);
      await writeFile(inFile, input);
      let service = { ms: Infinity, size: 0 };
      let direct = { ms: Infinity, size: 0 };
      for (let r = 0; r < ROUNDS; r++) {
        const job = await makeJob(input, sample.format, sample.format, { options: { level: LEVEL } });
        let t = now();
        await engine.inspect?.(job);
        await engine.convert(job);
        const serviceMs = now() - t;
        if (serviceMs < service.ms) service = { ms: serviceMs, size: statSync(job.outputPath).size };
        await job.cleanup();
        const out = path.join(dir, `direct-${r}.${sample.format}`);
        t = now();
        await sample.direct(inFile, out);
        const directMs = now() - t;
        if (directMs < direct.ms) direct = { ms: directMs, size: statSync(out).size };
      }
      const mb = input.length / MB;
      const cut = (size: number) => `${((1 - size / input.length) * 100).toFixed(1)} %`;
      const perMb = (msTotal: number) => `${(msTotal / mb).toFixed(0)} ms`;
      rows.push(
        `| ${sample.family} | ${mb.toFixed(2)} MB | ${cut(service.size)} | ${cut(direct.size)} | ` +
          `${perMb(service.ms)} | ${perMb(direct.ms)} | ${(service.ms / direct.ms).toFixed(2)} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await shutdownSharp();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '\n| family | input | reduction (service) | reduction (direct) | time/MB (service) | time/MB (direct) | service / direct time |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
