// OCR: the service's engine (tesseract.js in the warm sandboxed workers, the code a job runs)
// against the native `tesseract` CLI with the same traineddata (Debian's, LSTM), on the same page
// images in the same run: pages per second and character error rate (CER) of both against the
// known text. In process (engine level, no server, no queue).
// Baselines: one `tesseract` process per page (what a service calling the CLI does) and one process
// for all pages (a list file: the traineddata loaded once, the CLI's best case).
// Run: npx tsx bench/ocr.ts   (BENCH_PAGES=6)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ocrEngine } from '@/lib/engines/ocr-engine';
import { tessdataDir } from '@/lib/engines/ocr/languages';
import { shutdownOcr, warmUpOcr } from '@/lib/engines/ocr/pool';
import { shutdownSharp, warmUpSharp } from '@/lib/engines/sharp/pool';
import { makeJob } from '@/tests/fixtures/engine-job';

const PAGES = Number(process.env.BENCH_PAGES ?? 6);
const LINES_PER_PAGE = 24;

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

/** An A4 page at 300 dpi with the lines in a serif font (a clean scan). */
async function pageImage(lines: string[]): Promise<Buffer> {
  const text = lines
    .map((l, i) => `<text x="200" y="${300 + i * 120}" font-family="DejaVu Serif" font-size="52">${l}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).greyscale().png().toBuffer();
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

const now = () => performance.now();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ocr-'));
  const tessdata = tessdataDir();
  try {
    const truths = Array.from({ length: PAGES }, (_, i) => pageText(i).join('\n'));
    const files: string[] = [];
    for (const [i, truth] of truths.entries()) {
      const file = path.join(dir, `page-${i + 1}.png`);
      writeFileSync(file, await pageImage(truth.split('\n')));
      files.push(file);
    }
    await Promise.all([warmUpOcr(), warmUpSharp()]);
    console.log(`${PAGES} A4 pages at 300 dpi, ${LINES_PER_PAGE} lines each; traineddata ${tessdata}`);
    console.log(`load average before: ${load()}`);

    // Service: one job per page, one after another (a job's pages are recognised in order).
    const service: string[] = [];
    let t = now();
    for (const file of files) {
      const job = await makeJob(readFileSync(file), 'png', 'txt', { options: { languages: ['eng'], output: 'txt' } });
      await ocrEngine.inspect?.(job);
      await ocrEngine.convert(job);
      service.push(readFileSync(job.outputPath, 'utf8'));
      await job.cleanup();
    }
    const serviceS = (now() - t) / 1000;

    const cli = (args: string[]) =>
      execFileSync('tesseract', [...args, 'stdout', '--tessdata-dir', tessdata, '-l', 'eng', '--oem', '1'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString();
    const perPage: string[] = [];
    t = now();
    for (const file of files) perPage.push(cli([file]));
    const perPageS = (now() - t) / 1000;

    const list = path.join(dir, 'pages.txt');
    writeFileSync(list, files.join('\n') + '\n');
    t = now();
    const batch = cli([list]).split('\f');
    const batchS = (now() - t) / 1000;
    console.log(`load average after: ${load()}`);

    const rows = [
      ['service: tesseract.js, warm sandboxed workers', serviceS, cer(truths, service)],
      ['tesseract CLI, one process per page', perPageS, cer(truths, perPage)],
      ['tesseract CLI, one process for all pages', batchS, cer(truths, batch)],
    ] as const;
    const base = PAGES / perPageS;
    console.log('\n| variant | pages/s | vs CLI per page | CER |');
    console.log('|---|---|---|---|');
    for (const [name, seconds, rate] of rows) {
      console.log(
        `| ${name} | ${(PAGES / seconds).toFixed(2)} | ${(PAGES / seconds / base).toFixed(2)} | ${rate.toFixed(2)} % |`,
      );
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
