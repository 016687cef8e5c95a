// OCR: the service's engine (tesseract.js in the warm sandboxed workers, the code a job runs)
// against the native `tesseract` CLI with the same traineddata (Debian's, LSTM), on the same page
// images in the same run: pages per second and character error rate (CER) of both against the
// known text. In process (engine level, no server, no queue).
// Fair by construction: the same PNG files; one thread per page on both sides (run it with
// OMP_THREAD_LIMIT=1 so the CLI does not spread one page over the cores: each tesseract.js
// worker is one thread); the same number of pages in flight on both sides (BENCH_CONCURRENCY,
// default 1: one job after another against one CLI process after another; 2 = the service's pool
// of one worker per core against two CLI processes at a time). The two sides alternate page by
// page, so load from elsewhere falls on both. CPU seconds per page are printed beside the rates
// (the service's include its sandboxed workers; the CLI's, the processes it ran): on a shared
// machine they move less than wall time.
// The service's workers serve one page before the clock starts, as a running service's have
// (a fresh worker's first page also pays V8 compiling the WebAssembly's hot code).
// Baselines: one `tesseract` process per page (what a service calling the CLI does) and one process
// for all pages (a list file: the traineddata loaded once, the CLI's best case).
// A second table: pages turned by 4° (half one way, half the other), which tesseract's own layout
// analysis (the CLI's default) reads as empty, and the service deskews.
// Run: OMP_THREAD_LIMIT=1 npx tsx bench/ocr.ts   (BENCH_PAGES=6 BENCH_SKEWED=2 BENCH_CONCURRENCY=1)
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ocrEngine } from '@/lib/engines/ocr/ocr-engine';
import { tessdataDir } from '@/lib/engines/ocr/languages';
import { shutdownOcr, warmUpOcr } from '@/lib/engines/ocr/pool';
import { shutdownSharp, warmUpSharp } from '@/lib/engines/sharp/pool';
import { makeJob } from '@/tests/fixtures/engine-job';

const PAGES = Number(process.env.BENCH_PAGES ?? 6);
const SKEWED = Number(process.env.BENCH_SKEWED ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const LINES_PER_PAGE = 24;
const SKEW_DEGREES = 4;

const WORDS = (
  'the quarterly report shows revenue growth across every region while operating costs fell slightly ' +
  'after the new warehouse opened in March customers ordered more spare parts than forecast and the ' +
  'board approved a dividend of 42 cents per share invoices numbered 4711 to 4790 remain unpaid please ' +
  'contact accounts receivable before Friday shipping delays affected deliveries to Lisbon Rotterdam ' +
  'and Hamburg during two weeks in July'
).split(' ');

/** Deterministic lines of prose (a linear congruential walk over the word list). */
function pageText(page: number): string[] {
  let seed = 7919 * (page + 1);
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: LINES_PER_PAGE }, () =>
    Array.from({ length: 9 }, () => WORDS[next() % WORDS.length]).join(' '),
  );
}

/** An A4 page at 300 dpi with the lines in a serif font (a clean scan), turned by `degrees`. */
async function pageImage(lines: string[], degrees = 0): Promise<Buffer> {
  const text = lines
    .map((l, i) => `<text x="200" y="${300 + i * 120}" font-family="DejaVu Serif" font-size="52">${l}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  const flat = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).greyscale().png().toBuffer();
  return degrees ? sharp(flat).rotate(degrees, { background: '#fff' }).greyscale().png().toBuffer() : flat;
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Levenshtein distance over characters (two rows). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** CER in %: edits needed to turn the recognised text into the truth, over the truth's length. */
function cer(truths: string[], read: string[]): number {
  let edits = 0;
  let chars = 0;
  for (const [i, truth] of truths.entries()) {
    edits += distance(normalise(read[i] ?? ''), normalise(truth));
    chars += normalise(truth).length;
  }
  return (100 * edits) / chars;
}

const CLOCK_TICK = 1 / 100; // s (getconf CLK_TCK)

/** utime+stime+cutime+cstime of a process, in seconds (fields 14–17 of /proc/<pid>/stat). */
function procCpu(pid: number | string): { ppid: number; cpu: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { ppid: Number(fields[1]), cpu: ticks * CLOCK_TICK };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** CPU seconds used so far by this process, its reaped children and every live descendant. */
function treeCpu(): number {
  const procs = new Map<number, { ppid: number; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = procCpu(name);
    if (p) procs.set(Number(name), p);
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = procs.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, p] of procs) if (inTree(pid)) total += p.cpu;
  return total;
}

type Side = { texts: string[]; seconds: number; cpu: number };
const side = (): Side => ({ texts: [], seconds: 0, cpu: 0 });

/** Runs `work` on each file, `CONCURRENCY` at a time, adding wall and CPU time to `into`. */
async function timed(into: Side, files: string[], from: number, work: (file: string) => Promise<string>) {
  const cpu0 = treeCpu();
  const t0 = performance.now();
  const texts = await Promise.all(files.map(work));
  into.seconds += (performance.now() - t0) / 1000;
  into.cpu += treeCpu() - cpu0;
  texts.forEach((text, i) => (into.texts[from + i] = text));
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ocr-'));
  const tessdata = tessdataDir();
  const run = promisify(execFile);
  try {
    const write = async (name: string, image: Promise<Buffer>) => {
      const file = path.join(dir, name);
      writeFileSync(file, await image);
      return file;
    };
    const truths = Array.from({ length: PAGES }, (_, i) => pageText(i).join('\n'));
    const files = await Promise.all(truths.map((t, i) => write(`page-${i + 1}.png`, pageImage(t.split('\n')))));
    const skewTruths = Array.from({ length: SKEWED }, (_, i) => pageText(PAGES + i).join('\n'));
    const skewFiles = await Promise.all(
      skewTruths.map((t, i) =>
        write(`skewed-${i + 1}.png`, pageImage(t.split('\n'), i % 2 ? -SKEW_DEGREES : SKEW_DEGREES)),
      ),
    );

    const service = async (file: string) => {
      const job = await makeJob(readFileSync(file), 'png', 'txt', { options: { languages: ['eng'], output: 'txt' } });
      try {
        await ocrEngine.inspect?.(job);
        await ocrEngine.convert(job);
        return readFileSync(job.outputPath, 'utf8');
      } finally {
        await job.cleanup();
      }
    };
    const cli = async (input: string) =>
      (
        await run('tesseract', [input, 'stdout', '--tessdata-dir', tessdata, '-l', 'eng', '--oem', '1'], {
          maxBuffer: 64 * 1024 ** 2,
        })
      ).stdout;

    await Promise.all([warmUpOcr(), warmUpSharp()]);
    // One page through every worker the run will use, before the clock starts.
    await Promise.all(Array.from({ length: CONCURRENCY }, () => service(files[0])));
    console.log(
      `${PAGES} A4 pages at 300 dpi, ${LINES_PER_PAGE} lines each (+ ${SKEWED} turned by ${SKEW_DEGREES}°); ` +
        `traineddata ${tessdata}; ${CONCURRENCY} page(s) in flight per side; ` +
        `OMP_THREAD_LIMIT=${process.env.OMP_THREAD_LIMIT ?? '(unset: the CLI may use several threads)'}`,
    );
    console.log(`load average before: ${load()}`);

    const [svc, perPage, batch, svcSkew, cliSkew] = [side(), side(), side(), side(), side()];
    const rounds = (list: string[]) =>
      Array.from({ length: Math.ceil(list.length / CONCURRENCY) }, (_, r) => r * CONCURRENCY);
    for (const from of rounds(files)) {
      const chunk = files.slice(from, from + CONCURRENCY);
      await timed(svc, chunk, from, service);
      await timed(perPage, chunk, from, cli);
    }
    const list = path.join(dir, 'pages.txt');
    writeFileSync(list, files.join('\n') + '\n');
    await timed(batch, [list], 0, cli);
    batch.texts = batch.texts[0].split('\f');
    for (const from of rounds(skewFiles)) {
      const chunk = skewFiles.slice(from, from + CONCURRENCY);
      await timed(svcSkew, chunk, from, service);
      await timed(cliSkew, chunk, from, cli);
    }
    console.log(`load average after: ${load()}`);

    const table = (pages: number, truthsOf: string[], rows: Array<[string, Side]>) => {
      const base = pages / rows[1][1].seconds;
      const baseCpu = rows[1][1].cpu / pages;
      console.log('\n| variant | pages/s | vs CLI per page | CPU s/page | vs CLI, by CPU | CER |');
      console.log('|---|---|---|---|---|---|');
      for (const [name, s] of rows) {
        const rate = pages / s.seconds;
        const cpu = s.cpu / pages;
        console.log(
          `| ${name} | ${rate.toFixed(2)} | ${(rate / base).toFixed(2)} | ${cpu.toFixed(2)} | ` +
            `${(baseCpu / cpu).toFixed(2)} | ${cer(truthsOf, s.texts).toFixed(2)} % |`,
        );
      }
    };
    table(PAGES, truths, [
      ['service: tesseract.js, warm sandboxed workers', svc],
      ['tesseract CLI, one process per page', perPage],
      ['tesseract CLI, one process for all pages (always 1 in flight)', batch],
    ]);
    if (SKEWED > 0) {
      console.log(`\nPages turned by ±${SKEW_DEGREES}°:`);
      table(SKEWED, skewTruths, [
        ['service (deskews)', svcSkew],
        ['tesseract CLI, one process per page', cliSkew],
      ]);
    }
  } finally {
    await Promise.all([shutdownOcr(), shutdownSharp()]);
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
