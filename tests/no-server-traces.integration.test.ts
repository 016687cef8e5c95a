import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, type ExpectStatic, it } from 'vitest';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { finishOutput } from '@/lib/engines/output/finish-output';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { shutdownEngines } from '@/lib/engines/pools';
import { findEngine, listFormats } from '@/lib/engines/registry';
import { OUR_FILE_NAME } from '@/lib/engines/output/server-traces';
import type { EngineJob } from '@/lib/engines/types';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { makeSamples } from '@/tests/fixtures/matrix-samples';
import { post } from '@/tests/support/convert-options';
import { twoAtATime } from '@/tests/support/format-matrix';
import { RouteClient } from '@/tests/support/route-client';

// No result carries a trace of the server: every listed pair whose target is text, and every pair
// to PDF, converted from its matrix sample as the pipeline does it (the registry's engine, then
// finishOutput) in a job folder whose path is easy to spot. Neither that path (which the sandbox
// shows the engine at the same place, and under which the warm engines' folders are), nor the
// host name, nor the user name may appear in the text, in a PDF's Info dictionary, XMP or page
// text, or in the text files of a ZIP of parts; a PDF's title is not our name for its file.
// One conversion per pair, two at a time; about 2 minutes on two cores.

/** The data folder for this file's run: its name is what the checks look for. */
const MARK = `srv-trace-mark-${process.pid}`;
let root: string;
let samples: Map<FormatName, string>;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'no-traces-'));
  // Job folders go under DATA_DIR/jobs (read on use); set before the first processJobsDir().
  process.env.DATA_DIR = path.join(root, MARK);
  samples = makeSamples(path.join(root, 'samples'));
}, 120_000);
afterAll(async () => {
  await shutdownEngines();
  await rm(root, { recursive: true, force: true });
});

/** Text formats, told by their records: a text MIME type, or XML, JSON and the text markups below. */
const TEXT_MIME =
  /^text\/|charset=|\+(xml|json)$|^application\/(xml|json|yaml|toml|postscript|rtf|x-bibtex|x-texinfo|x-subrip|x-ndjson|x-font-ttx|x-fontforge-sfd|x-sylk|x-dif|x-plist)$/;
const isText = (f: FormatName) => TEXT_MIME.test(FORMATS[f].mime) && !['video', 'audio'].includes(FORMATS[f].family);

const pairs = listFormats().flatMap((f) =>
  f.targets.filter((t) => t === 'pdf' || isText(t)).map((t) => [f.format, t] as [FormatName, FormatName]),
);

const host = os.hostname();
const user = os.userInfo().username;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/**
 * A name is looked for as a word when it cannot be an ordinary one (5 letters or more, or a digit
 * or a hyphen in it); a short plain word (`vm`, `root`: an XML element of the data engine's on
 * every machine) only where it names an account: `user@`, `@host`, `/home/user`, `~user`.
 */
function namePattern(name: string): RegExp | null {
  if (!name || name === 'localhost') return null;
  const n = escape(name);
  const word = name.length >= 5 || /[^A-Za-z]/.test(name);
  return new RegExp(word ? `(?<![\\w.-])${n}(?![\\w-])` : `${n}@|@${n}(?![\\w-])|/home/${n}\\b|~${n}\\b`, 'i');
}

/** What must not appear in a result of `job`. */
function traces(job: EngineJob): Array<[string, RegExp]> {
  const found: Array<[string, RegExp]> = [
    ['data folder', new RegExp(escape(MARK))],
    ['job folder', new RegExp(escape(job.workDir))],
    ["the engines' folders", new RegExp(escape(processJobsDir()))],
  ];
  for (const [what, name] of [
    ['host name', host],
    ['user name', user],
  ] as const) {
    const re = namePattern(name);
    if (re) found.push([what, re]);
  }
  return found;
}

const tool = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');

/** The texts a result shows: itself, a ZIP's entries, or a PDF's Info, XMP and page text. */
async function textsOf(file: string): Promise<Array<[string, string]>> {
  const head = (await readFile(file)).subarray(0, 5).toString('latin1');
  if (head.startsWith('PK')) return [['zip entries', tool('unzip', ['-p', file])]];
  if (head !== '%PDF-') return [['text', (await readFile(file)).toString('utf8')]];
  const info = tool('pdfinfo', ['-enc', 'UTF-8', file]);
  const xmp = tool('pdfinfo', ['-meta', file]);
  const title = /^Title:\s*(.*)$/m.exec(info)?.[1]?.trim();
  const dcTitle = /<dc:title>[\s\S]*?<rdf:li[^>]*>([^<]*)<\/rdf:li>/.exec(xmp)?.[1]?.trim();
  const named = [title, dcTitle].filter((t) => t !== undefined && OUR_FILE_NAME.test(t));
  return [
    ['Info', info],
    ['XMP', xmp],
    ['page text', tool('pdftotext', ['-enc', 'UTF-8', file, '-'])],
    ['title', named.length ? `title names our file: ${named.join(', ')}` : ''],
  ];
}

let next = 0;
/** `from` → `to` of the matrix sample as the pipeline runs it; `check` reads the result before it goes. */
async function convertSample(from: FormatName, to: FormatName, check: (job: EngineJob) => Promise<void>) {
  await twoAtATime(async () => {
    const workDir = path.join(processJobsDir(), `pair-${next++}`);
    await mkdir(workDir, { recursive: true, mode: 0o700 });
    const job: EngineJob = {
      workDir,
      inputPath: path.join(workDir, `input.${FORMATS[from].extension}`),
      outputPath: path.join(workDir, `output.${FORMATS[to].extension}`),
      inputFormat: from,
      targetFormat: to,
      options: {},
      signal: new AbortController().signal,
      onProgress: () => {},
    };
    try {
      await copyFile(samples.get(from)!, job.inputPath);
      const engine = findEngine(from, to)!;
      await engine.inspect?.(job);
      const { parts } = (await engine.convert(job)) ?? {};
      await finishOutput(engine, job, parts);
      await check(job);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
}

/** Fails naming the first trace of `job` found in `text` (with what is around it). */
function expectNoTrace(expect: ExpectStatic, job: EngineJob, where: string, text: string) {
  for (const [what, re] of traces(job)) {
    const m = re.exec(text);
    expect(m && text.slice(Math.max(0, m.index - 60), m.index + 60), `${what} in the ${where}`).toBeNull();
  }
}

describe('no server trace in any result', () => {
  it('has text and PDF pairs to check, each with a sample', () => {
    const sampled = pairs.filter(([from]) => samples.has(from));
    console.log(`${sampled.length} of ${pairs.length} text and PDF pairs have a sample`);
    if (sampled.length < 1000) throw new Error(`only ${sampled.length} pairs have a sample`);
  });

  it.concurrent.for(pairs)('%s → %s', async ([from, to], { expect, skip }) => {
    if (!samples.has(from)) return skip(`no sample of ${from}`);
    await convertSample(from, to, async (job) => {
      for (const [where, text] of await textsOf(job.outputPath)) {
        if (where === 'title') expect(text, `${from} → ${to}`).toBe('');
        expectNoTrace(expect, job, where, text);
      }
    });
  });
});

// Writers that record their command line or file name in a picture's header (pnmtorle's HISTORY):
// from a PNG to every other target, the result's bytes hold none of it.
const pngTargets = listFormats()
  .find((f) => f.format === 'png')!
  .targets.filter((t) => t !== 'pdf' && !isText(t));

describe('no server trace in the bytes of a picture, from a PNG', () => {
  it.concurrent.for(pngTargets)('png → %s', async (to, { expect }) => {
    await convertSample('png', to, async (job) => {
      expectNoTrace(expect, job, 'bytes', (await readFile(job.outputPath)).toString('latin1'));
    });
  });
});

describe('no server trace in a failure', () => {
  it("a picture the engine cannot decode fails without the engine's paths in the message", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const client = new RouteClient();
    const res = await post(client, png.subarray(0, 300), 'cut.jpg', 'png');
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await runConversion(BigInt(id))).toBe('failed');
    const params = { id: String(id) };
    const body = (await (await client.call(status.GET, { path: `/api/v1/convert/status/${id}`, params })).json()) as {
      error: string;
    };
    // libvips names the file it could not write; the message keeps what it says, not where.
    expect(body.error).toMatch(/premature end of JPEG/);
    expect(body.error).not.toMatch(new RegExp(escape(MARK)));
    expect(body.error).not.toMatch(/\/[\w.-]+\/[\w.-]+\.png/);
  });
});
