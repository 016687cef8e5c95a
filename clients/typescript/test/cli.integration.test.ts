import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorker } from '@/lib/processes/run-worker';
import { makePng } from '@/tests/support/fixtures';
import { pageTexts, textPdf } from '@/tests/support/merge';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { startRouteServer } from '@/tests/support/route-server';
import { apiRoutes } from './api-routes';

// The `transmute` command as a child process, against our routes behind a real HTTP server and worker.

const CLI = path.resolve(__dirname, '../src/cli.ts');

let server: Awaited<ReturnType<typeof startRouteServer>>;
let stopWorker: () => Promise<void>;
let work: string;

type Run = { code: number | null; stdout: string; stderr: string };

function transmute(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      {
        env: { ...process.env, TRANSMUTE_URL: server.url, XDG_CONFIG_HOME: path.join(work, 'config'), ...env },
        timeout: 90_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

beforeAll(async () => {
  await emptyConversionQueue();
  server = await startRouteServer(apiRoutes, { nodeBodies: true });
  stopWorker = await runWorker();
  work = await mkdtemp(path.join(tmpdir(), 'transmute-cli-'));
});
afterAll(async () => {
  await stopWorker?.();
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

describe('transmute convert', () => {
  it('converts every file of a folder into --out, one JSON line each, exit code 0', async () => {
    const input = path.join(work, 'photos');
    const out = path.join(work, 'converted');
    await import('node:fs/promises').then((fs) => fs.mkdir(input));
    await writeFile(path.join(input, 'a.png'), await makePng(120, 80));
    await writeFile(path.join(input, 'b.png'), await makePng(60, 40));
    const run = await transmute(['convert', input, '--to', 'webp', '--out', out, '--option', 'quality=70', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({
        file: path.join(input, 'a.png'),
        status: 'completed',
        output: path.join(out, 'a.webp'),
      }),
      expect.objectContaining({
        file: path.join(input, 'b.png'),
        status: 'completed',
        output: path.join(out, 'b.webp'),
      }),
    ]);
    expect((await readdir(out)).sort()).toEqual(['a.webp', 'b.webp']);
    expect(isWebp(await readFile(path.join(out, 'a.webp')))).toBe(true);
  });

  it('uploads over resumable tus above --resumable-above', async () => {
    const file = path.join(work, 'large.png');
    await writeFile(file, await makePng(200, 200));
    const run = await transmute([
      'convert',
      file,
      '--to',
      'webp',
      '--out',
      path.join(work, 'tus'),
      '--resumable-above',
      '10',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${file} → ${path.join(work, 'tus', 'large.webp')}`);
    expect(isWebp(await readFile(path.join(work, 'tus', 'large.webp')))).toBe(true);
  });

  it('exits 1 when a file fails, naming its error, and still converts the others', async () => {
    const input = path.join(work, 'mixed');
    await import('node:fs/promises').then((fs) => fs.mkdir(input));
    await writeFile(path.join(input, 'good.png'), await makePng());
    await writeFile(path.join(input, 'notes.txt'), 'plain text is not an image');
    const run = await transmute(['convert', input, '--to', 'webp', '--out', path.join(work, 'mixed-out'), '--json']);
    expect(run.code).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines.find((l) => l.file === path.join(input, 'good.png'))).toMatchObject({ status: 'completed' });
    expect(lines.find((l) => l.file === path.join(input, 'notes.txt'))).toMatchObject({
      status: 'failed',
      http_status: 400,
      code: expect.any(String),
    });
    expect(run.stderr).toContain('notes.txt');
  });

  it('answers --help with the usage on stdout and exit code 0; no command at all is a usage error (2)', async () => {
    for (const args of [['--help'], ['-h'], ['convert', '--help']]) {
      const run = await transmute(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout).toContain('Usage: transmute <command>');
    }
    const none = await transmute([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: transmute <command>');
  });

  it('exits 2 on a usage error and never prints the API key', async () => {
    const run = await transmute(['convert', 'x.png'], { TRANSMUTE_API_KEY: 'tm_secret_key_value' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--to');
    expect(run.stdout + run.stderr).not.toContain('tm_secret_key_value');
  });
});

describe('transmute merge', () => {
  it('joins the files, in the order named, into the one PDF --out names; one file is a usage error', async () => {
    const [first, second] = [path.join(work, 'first.pdf'), path.join(work, 'second.pdf')];
    await writeFile(first, textPdf(['Page from first']));
    await writeFile(second, textPdf(['Page from second']));
    const out = path.join(work, 'merged', 'all.pdf');
    const run = await transmute(['merge', second, first, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${second} + ${first} → ${out}`);
    expect(pageTexts(await readFile(out))).toEqual(['Page from second', 'Page from first']);

    const folder = path.join(work, 'merged') + path.sep;
    const json = await transmute(['merge', first, second, '--out', folder, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(jsonLines(json.stdout)).toEqual([
      expect.objectContaining({ status: 'completed', output: path.join(folder, 'first (merged).pdf') }),
    ]);
    expect(pageTexts(await readFile(path.join(folder, 'first (merged).pdf')))).toEqual([
      'Page from first',
      'Page from second',
    ]);

    const alone = await transmute(['merge', first]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('at least two files');
  });
});

describe('transmute formats and status', () => {
  it('lists the targets of one input format, and shows a conversion', async () => {
    const formats = await transmute(['formats', '--from', 'png']);
    expect(formats.code, formats.stderr).toBe(0);
    expect(formats.stdout).toMatch(/^png: .*\bwebp\b/m);
    expect(formats.stdout.trim().split('\n')).toHaveLength(1);
    const missing = await transmute(['status', '4000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404 not_found/);
  });
});
