import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/api/errors';
import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { assertSafeZip, ZIP_LIMITS } from '../zip-guard';
import { assertOutput, runTool } from './run-tool';

// Archives repacked: unpacked into the job folder (GNU tar, p7zip), then packed in the target
// format. Before unpacking, the listing is checked against the zip-bomb limits of zip-guard
// (entries, declared total; a ZIP is also inflated and counted) and refuses links and paths
// leaving the folder; RLIMIT_FSIZE and the sandbox bound what a lying header could still do.

const TARS = ['tar', 'tgz', 'tbz2', 'txz'] as const satisfies readonly FormatName[];
const ALL = ['zip', '7z', ...TARS] as const satisfies readonly FormatName[];
const isTar = (f: FormatName) => (TARS as readonly FormatName[]).includes(f);
const TAR_FLAG: Partial<Record<FormatName, string>> = { tgz: '-z', tbz2: '-j', txz: '-J' };

const refuse = (why: string) => new AppError('unsupported_format', `The archive was refused: ${why}.`);

type Entry = { name: string; size: number; link: boolean };

/** `tar -tv` lines: mode owner size date time name [-> target]. */
function parseTarListing(out: string): Entry[] {
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^(\S+)\s+\S+\s+(\d+)\s+\S+\s+\S+\s+(.*)$/.exec(line);
      if (!m) throw refuse('its listing could not be read');
      return { name: m[3], size: Number(m[2]), link: m[1][0] === 'l' || m[1][0] === 'h' };
    });
}

/** `7z l -slt` blocks of "Key = value" lines after the "----------" separator. */
function parse7zListing(out: string): Entry[] {
  const body = out.split(/^----------$/m)[1] ?? '';
  return body
    .split(/\n\s*\n/)
    .filter((b) => /^Path = /m.test(b))
    .map((b) => {
      const field = (k: string) => new RegExp(`^${k} = (.*)$`, 'm').exec(b)?.[1] ?? '';
      return {
        name: field('Path'),
        size: Number(field('Size') || 0),
        link: field('Symbolic Link') !== '' || field('Hard Link') !== '',
      };
    });
}

function checkEntries(entries: Entry[]): void {
  if (entries.length > ZIP_LIMITS.maxEntries) throw refuse(`too many entries (${entries.length})`);
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (e.link) throw refuse('it contains links');
    if (e.name.startsWith('/') || e.name.split(/[\\/]/).includes('..'))
      throw refuse('an entry points outside the archive');
  }
  if (total > ZIP_LIMITS.maxTotalUncompressed)
    throw refuse(`it expands to more than ${ZIP_LIMITS.maxTotalUncompressed / 1024 ** 2} MB`);
}

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  if (job.inputFormat === 'zip') return assertSafeZip(job.inputPath);
  const run = { workDir: path.dirname(job.inputPath), signal: job.signal };
  const entries = isTar(job.inputFormat)
    ? parseTarListing(await runTool(run, 'tar', ['-tv', '--numeric-owner', '-f', job.inputPath]).catch(unreadable))
    : parse7zListing(await runTool(run, '7z', ['l', '-slt', '-t7z', job.inputPath]).catch(unreadable));
  checkEntries(entries);
}

const unreadable = (e: unknown): never => {
  throw new AppError('unsupported_format', 'The archive could not be read.', { cause: e });
};

async function convert(job: EngineJob): Promise<void> {
  const dir = path.join(job.workDir, 'content');
  await mkdir(dir);
  if (isTar(job.inputFormat)) {
    await runTool(job, 'tar', ['-x', '--no-same-owner', '--no-same-permissions', '-f', job.inputPath, '-C', dir]);
  } else {
    await runTool(job, '7z', ['x', `-t${job.inputFormat}`, '-y', '-bd', `-o${dir}`, job.inputPath]);
  }
  if (isTar(job.targetFormat)) {
    const flag = TAR_FLAG[job.targetFormat];
    await runTool(job, 'tar', ['-c', ...(flag ? [flag] : []), '-f', job.outputPath, '-C', dir, '.']);
  } else {
    // A wildcard stores the entries relative to the folder (no "content/" prefix).
    await runTool(job, '7z', ['a', `-t${job.targetFormat}`, '-bd', '-y', job.outputPath, `${dir}/*`]);
  }
  await assertOutput(job.outputPath, 'archiver');
}

export const archiveEngine: Engine = {
  name: 'archives',
  requires: ['7z', 'tar', 'gzip', 'bzip2', 'xz'],
  conversions: [{ from: ALL, to: ALL }],
  inspect,
  convert,
};
