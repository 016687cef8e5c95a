import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { runInJob, type ToolSandbox } from '../sandbox/run-in-job';
import type { Engine, EngineJob } from '../types';
import { assertSafeZip, ZIP_LIMITS } from './zip-guard';
import { hasProgram } from '../sandbox/programs';
import { assertOutput, runTool } from '../sandbox/run-tool';

// Archives repacked: unpacked into the job folder (GNU tar, p7zip), then packed in the target
// format. Before unpacking, the listing is checked against the zip-bomb limits of zip-guard
// (entries, declared total; a ZIP is also inflated and counted) and refuses links and paths
// leaving the folder; RLIMIT_FSIZE and the sandbox bound what a lying header could still do.
// Single-file compressors (gzip, zstd, lz4, lzma, lzip, lzop, Unix compress) hold one file with no name or size to check
// beforehand: it is decompressed with RLIMIT_FSIZE at the archive limit, and a run stopped by it
// is refused as a bomb. That one file is recompressed, or packed alone into an archive.

const TAR_FLAG = { tar: [], tgz: ['-z'], tbz2: ['-j'], txz: ['-J'], tzst: ['--zstd'] } as const;
type Tar = keyof typeof TAR_FLAG;
/** Archives p7zip reads (its `-t` type) and which of them it writes. */
const SEVEN = {
  zip: 'zip',
  '7z': '7z',
  wim: 'wim',
  cpio: 'cpio',
  ar: 'ar',
  iso: 'iso',
  cab: 'cab',
  arj: 'arj',
  squashfs: 'squashfs',
} as const;
const SEVEN_WRITES = ['zip', '7z', 'wim'] as const;
/** Single-file compressors: our format → the program (each takes -c, and -d -c to decompress). */
const SINGLE = {
  gz: 'gzip',
  zst: 'zstd',
  lz4: 'lz4',
  lzma: 'lzma',
  lz: 'lzip',
  lzo: 'lzop',
  z: 'compress',
} as const;
type Single = keyof typeof SINGLE;

const isTar = (f: FormatName): f is Tar => Object.hasOwn(TAR_FLAG, f);
const isSingle = (f: FormatName): f is Single => Object.hasOwn(SINGLE, f);

const TARS = (Object.keys(TAR_FLAG) as Tar[]).filter((f) => f !== 'tzst' || hasProgram('zstd'));
const SINGLES = (Object.keys(SINGLE) as Single[]).filter((f) => hasProgram(SINGLE[f]));
const CPIO = hasProgram('cpio') ? (['cpio'] as const) : [];
const ARCHIVE_IN: FormatName[] = [...(Object.keys(SEVEN) as FormatName[]), ...TARS];
const ARCHIVE_OUT: FormatName[] = [...SEVEN_WRITES, ...CPIO, ...TARS];

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
        // p7zip 16.02 shows a Unix symlink only in its mode, after the Windows flags: `Attributes = A lrwxrwxrwx`.
        link:
          field('Symbolic Link') !== '' ||
          field('Hard Link') !== '' ||
          /^l/.test(field('Mode')) ||
          /(^|\s)l[-rwxsStT]{9}$/.test(field('Attributes')),
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
  if (isSingle(job.inputFormat)) return; // checked while decompressing (see decompress)
  const run = { workDir: path.dirname(job.inputPath), signal: job.signal };
  const f = job.inputFormat;
  const entries = isTar(f)
    ? parseTarListing(
        await runTool(run, 'tar', ['-tv', '--numeric-owner', ...TAR_FLAG[f], '-f', job.inputPath]).catch(unreadable),
      )
    : parse7zListing(await runTool(run, '7z', ['l', '-slt', `-t${sevenType(f)}`, job.inputPath]).catch(unreadable));
  checkEntries(entries);
}

const sevenType = (f: FormatName) => SEVEN[f as keyof typeof SEVEN];

const unreadable = (e: unknown): never => {
  throw new AppError('unsupported_format', 'The archive could not be read.', { cause: e });
};

/** Output capped at the archive limit: a bomb dies with SIGXFSZ (exit 128 + 25 through prlimit). */
const BOUNDED: ToolSandbox = { fileSizeLimitBytes: ZIP_LIMITS.maxTotalUncompressed };

/** The one file of a compressed stream, as `dir/file`. */
async function decompress(job: EngineJob, format: Single, dir: string): Promise<void> {
  const out = path.join(dir, 'file');
  // To a file by the shell: the sandbox would collect the program's stdout as text. The paths are ours (absolute).
  const r = await runInJob(
    job,
    'sh',
    ['-c', 'exec "$0" -d -c "$1" > "$2"', SINGLE[format], job.inputPath, out],
    BOUNDED,
  );
  if (r.signal === 'SIGXFSZ' || r.code === 153 || /File size limit/i.test(r.stderrTail))
    throw refuse(`it expands to more than ${ZIP_LIMITS.maxTotalUncompressed / 1024 ** 2} MB`);
  if (r.code !== 0) throw new AppError('unsupported_format', `The ${format} file could not be decompressed.`);
}

async function unpack(job: EngineJob, dir: string): Promise<void> {
  const f = job.inputFormat;
  if (isSingle(f)) return decompress(job, f, dir);
  if (isTar(f)) {
    await runTool(
      job,
      'tar',
      ['-x', ...TAR_FLAG[f], '--no-same-owner', '--no-same-permissions', '-f', job.inputPath, '-C', dir],
      BOUNDED,
    );
  } else {
    await runTool(job, '7z', ['x', `-t${sevenType(f)}`, '-y', '-bd', `-o${dir}`, job.inputPath], BOUNDED);
  }
}

async function pack(job: EngineJob, dir: string): Promise<void> {
  const t = job.targetFormat;
  if (isSingle(t)) {
    const [only] = await readdir(dir);
    await runTool(job, 'sh', ['-c', 'exec "$0" -c "$1" > "$2"', SINGLE[t], path.join(dir, only), job.outputPath]);
  } else if (isTar(t)) {
    await runTool(job, 'tar', ['-c', ...TAR_FLAG[t], '-f', job.outputPath, '-C', dir, '.']);
  } else if (t === 'cpio') {
    const list = 'find . -mindepth 1 | cpio -o -H newc --quiet -F "$0"';
    await runTool(job, 'sh', ['-c', `cd "$1" && ${list}`, job.outputPath, dir]);
  } else {
    // A wildcard stores the entries relative to the folder (no "content/" prefix).
    await runTool(job, '7z', ['a', `-t${t}`, '-bd', '-y', job.outputPath, `${dir}/*`]);
  }
}

async function convert(job: EngineJob): Promise<void> {
  const dir = path.join(job.workDir, 'content');
  await mkdir(dir);
  await unpack(job, dir);
  await pack(job, dir);
  await assertOutput(job.outputPath, 'archiver');
}

export const archiveEngine: Engine = {
  name: 'archives',
  requires: ['7z', 'tar', 'gzip', 'bzip2', 'xz'],
  conversions: [
    { from: ARCHIVE_IN, to: ARCHIVE_OUT },
    // One compressed file: recompressed, or packed alone into an archive.
    { from: SINGLES, to: [...SINGLES, ...ARCHIVE_OUT] },
  ],
  inspect,
  convert,
};
