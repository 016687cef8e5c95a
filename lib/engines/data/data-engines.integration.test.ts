import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { archiveEngine } from '../archive/archive-engine';
import { dataEngine } from './data-engine';
import { fontEngine } from '../font/font-engine';
import { traceEngine } from '../svg/trace-engine';

// Data files, single-file compressors, the archive formats beyond ZIP and TAR, TTX fonts and tracing:
// values survive a round trip, and hostile input is refused with a 400 in bounded time (the
// format matrix covers the ordinary pairs).

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

async function job(input: string | Buffer, from: FormatName, to: FormatName): Promise<TestJob> {
  const j = await makeJob(Buffer.from(input), from, to);
  jobs.push(j);
  return j;
}

async function refused(run: Promise<unknown>, why: RegExp): Promise<void> {
  const err = await run.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('unsupported_format');
  expect((err as AppError).message).toMatch(why);
}

describe('data engine', () => {
  const value = { name: 'Transmute', n: 1.5, ok: true, tags: ['a', 'b'], owner: { id: 7, login: 'x' } };

  it.each(['yaml', 'toml', 'plist', 'bplist', 'ndjson'] as const)('JSON → %s → JSON keeps the values', async (via) => {
    const there = await job(JSON.stringify(value), 'json', via);
    await dataEngine.convert(there);
    const back = await job(readFileSync(there.outputPath), via, 'json');
    await dataEngine.convert(back);
    // NDJSON is a sequence of values: one line read back is a list of one.
    expect(JSON.parse(readFileSync(back.outputPath, 'utf8'))).toEqual(via === 'ndjson' ? [value] : value);
  });

  it('writes a table of records as CSV, one column per key', async () => {
    const j = await job(
      JSON.stringify({
        items: [
          { id: 1, name: 'a' },
          { id: 2, tag: 'x' },
        ],
      }),
      'json',
      'csv',
    );
    await dataEngine.convert(j);
    expect(readFileSync(j.outputPath, 'utf8')).toBe('id,name,tag\n1,a,\n2,,x\n');
  });

  it('refuses a YAML alias bomb (billion laughs) before expanding it', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [i, n] of [...'bcdefghi'].entries()) lines.push(`${n}: &${n} [${Array(9).fill(`*${'abcdefghi'[i]}`)}]`);
    await refused(dataEngine.convert(await job(lines.join('\n'), 'yaml', 'json')), /expands to more than/);
  });

  it('refuses a YAML alias repeating one long string, and a self-referencing alias', async () => {
    const long = `a: &a "${'x'.repeat(1_000_000)}"\nb: [${Array(100).fill('*a')}]\n`;
    await refused(dataEngine.convert(await job(long, 'yaml', 'json')), /expands to more than/);
    await refused(dataEngine.convert(await job('a: &a [*a]\n', 'yaml', 'json')), /refers to itself/);
  });

  it('refuses XML entity expansion (billion laughs)', async () => {
    let ents = '<!ENTITY l0 "lol">';
    for (let i = 1; i < 10; i++) ents += `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`;
    const xml = `<?xml version="1.0"?><!DOCTYPE r [${ents}]><r>&l9;</r>`;
    await refused(dataEngine.convert(await job(xml, 'xml', 'json')), /DTD or entity/);
  });

  it('never reads a file named by an external entity (XXE), in XML or a plist', async () => {
    const j = await job('', 'xml', 'json');
    const secret = path.join(j.workDir, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET');
    writeFileSync(j.inputPath, `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file://${secret}">]><r>&x;</r>`);
    await refused(dataEngine.convert(j), /DTD or entity/);
    expect(existsSync(j.outputPath) && readFileSync(j.outputPath, 'utf8')).not.toContain('TOP-SECRET');
    const p = await job('', 'plist', 'json');
    writeFileSync(secret.replace(j.workDir, p.workDir), 'TOP-SECRET');
    const plist = `<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY x SYSTEM "file://${secret.replace(j.workDir, p.workDir)}">]><plist version="1.0"><string>&x;</string></plist>`;
    writeFileSync(p.inputPath, plist);
    await refused(dataEngine.convert(p), /entity/);
  });

  it.each([
    ['json', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['yaml', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['xml', '<a>'.repeat(100_000) + '</a>'.repeat(100_000)],
  ] as const)('refuses %s nested 100 000 levels deep', async (from, text) => {
    await refused(dataEngine.convert(await job(text, from, 'yaml')), /nested deeper/);
  });

  it('refuses YAML nested deeply on short lines too (the libyaml path) instead of crashing', async () => {
    await refused(dataEngine.convert(await job(`${'- '.repeat(900)}x\n`, 'yaml', 'json')), /nested deeper/);
    await refused(
      dataEngine.convert(await job('[\n'.repeat(999) + ']\n'.repeat(999), 'yaml', 'json')),
      /nested deeper/,
    );
  });

  it('refuses a file that is not the format it claims', async () => {
    await refused(dataEngine.convert(await job('{"a": ', 'json', 'yaml')), /not a valid json/);
  });
});

describe('archive engine: compressors and other archive formats', () => {
  it('refuses a cpio entry that leaves the folder, and a link in a tar.zst', async () => {
    const j = await job('', 'cpio', 'zip');
    const inner = path.join(j.workDir, 'a', 'b');
    mkdirSync(inner, { recursive: true });
    writeFileSync(path.join(j.workDir, 'evil.txt'), 'x');
    execFileSync('sh', ['-c', `echo ../../evil.txt | cpio -o -H newc --quiet -F "${j.inputPath}"`], { cwd: inner });
    await refused(archiveEngine.inspect!(j), /outside/);

    const t = await job('', 'tzst', 'zip');
    const src = path.join(t.workDir, 'src');
    mkdirSync(src);
    symlinkSync('/etc/passwd', path.join(src, 'link'));
    execFileSync('tar', ['--zstd', '-cf', t.inputPath, '-C', src, '.']);
    await refused(archiveEngine.inspect!(t), /links/);
  });

  it('refuses a tar.zst whose entries declare more than the limit, without unpacking it', async () => {
    const t = await job('', 'tzst', 'zip');
    const src = path.join(t.workDir, 'src');
    mkdirSync(src);
    execFileSync('truncate', ['-s', '600M', path.join(src, 'zeros')]);
    execFileSync('tar', ['--zstd', '-S', '-cf', t.inputPath, '-C', src, '.']);
    await refused(archiveEngine.inspect!(t), /expands to more than/);
  });

  it('stops a zstd bomb at the size limit while decompressing it', async () => {
    const j = await job('', 'zst', 'gz');
    execFileSync('sh', ['-c', `head -c 600M /dev/zero | zstd -q -f -1 -o "${j.inputPath}"`]);
    await archiveEngine.inspect!(j); // a single compressed file declares nothing to check beforehand
    await refused(archiveEngine.convert(j), /expands to more than/);
  }, 60_000);

  it('recompresses the one file of a gzip stream and packs it into an archive', async () => {
    const gz = await job('', 'gz', 'lz4');
    execFileSync('sh', ['-c', `printf 'hello gzip\\n' | gzip -c > "${gz.inputPath}"`]);
    await archiveEngine.convert(gz);
    expect(execFileSync('lz4', ['-dc', gz.outputPath], { encoding: 'utf8' })).toBe('hello gzip\n');
    const zip = await job(readFileSync(gz.inputPath), 'gz', 'zip');
    await archiveEngine.convert(zip);
    expect(execFileSync('unzip', ['-p', zip.outputPath], { encoding: 'utf8' })).toBe('hello gzip\n');
  });
});

describe('font engine: TTX', () => {
  it('refuses a TTX with entity declarations', async () => {
    let ents = '<!ENTITY l0 "lol">';
    for (let i = 1; i < 10; i++) ents += `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`;
    const ttx = `<?xml version="1.0"?><!DOCTYPE ttFont [${ents}]><ttFont><name>&l9;</name></ttFont>`;
    await refused(fontEngine.convert(await job(ttx, 'ttx', 'ttf')), /DTD or entity/);
  });
});

describe('trace engine', () => {
  it('traces a bitmap to DXF', async () => {
    const j = await job('P1\n4 4\n0 0 0 0\n0 1 1 0\n0 1 1 0\n0 0 0 0\n', 'pbm', 'dxf');
    await traceEngine.inspect!(j);
    await traceEngine.convert(j);
    expect(readFileSync(j.outputPath, 'utf8')).toMatch(/SECTION[\s\S]*ENTITIES/);
  });

  it('refuses a pixel flood from the header, before potrace allocates it', async () => {
    const j = await job('P4\n100000 100000\n', 'pbm', 'svg');
    await refused(traceEngine.inspect!(j), /too large/);
  });
});
