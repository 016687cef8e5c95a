import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { coder, runConvert, uprightArgs, writeTarget } from '../imagemagick/imagemagick-engine';
import { RAW_LIMITS } from './raw-engine';
import { assertOutput, runTool } from '../sandbox/run-tool';

// The old and odd bitmaps Netpbm reads and writes (Amiga ILBM, Utah RLE, Atari Degas/NEOchrome,
// MGR, CMU, Lisp Machine, Sun icon, Andrew Toolkit, Interleaf, Garmin SRF, MicroDesign, Bennet Yee
// faces, SBIG CCD, FaceSaver, GEM, XV thumbnails; Bio-Rad confocal images read only). Each Netpbm converter is a filter: it reads one file and
// writes PNM (or the format) to stdout, which a shell in the sandbox sends to a file in the job
// folder. ImageMagick does the rest: it reads the PNM and writes the target, or reads the input and
// prepares the PNM a writer takes (bi-level, grey or 16 colours, within the format's size).

type Prep = { pnm: 'PBM' | 'PGM' | 'PPM'; colors?: number; max?: string };
type Tool = { read: string; write: string; prep: Prep };

const PBM: Prep = { pnm: 'PBM' };
const PGM: Prep = { pnm: 'PGM' };
const PPM: Prep = { pnm: 'PPM' };

const TOOLS = {
  ilbm: { read: 'ilbmtoppm', write: 'ppmtoilbm', prep: PPM },
  rle: { read: 'rletopnm', write: 'pnmtorle', prep: PPM },
  mgr: { read: 'mgrtopbm', write: 'pbmtomgr', prep: PBM },
  cmuwm: { read: 'cmuwmtopbm', write: 'pbmtocmuwm', prep: PBM },
  lispm: { read: 'lispmtopgm', write: 'pgmtolispm', prep: PGM },
  sunicon: { read: 'sunicontopnm', write: 'pbmtosunicon', prep: PBM },
  atk: { read: 'atktopbm', write: 'pbmtoatk', prep: PBM },
  leaf: { read: 'leaftoppm', write: 'ppmtoleaf', prep: PPM },
  srf: { read: 'srftopam', write: 'pamtosrf', prep: PPM },
  mda: { read: 'mdatopbm', write: 'pbmtomda', prep: PBM },
  pi1: { read: 'pi1toppm', write: 'ppmtopi1', prep: { pnm: 'PPM', colors: 16, max: '320x200' } },
  pi3: { read: 'pi3topbm', write: 'pbmtopi3', prep: { pnm: 'PBM', max: '640x400' } },
  neo: { read: 'neotoppm', write: 'ppmtoneo', prep: { pnm: 'PPM', colors: 16, max: '320x200' } },
  ybm: { read: 'ybmtopbm', write: 'pbmtoybm', prep: PBM },
  sbig: { read: 'sbigtopgm', write: 'pgmtosbig', prep: PGM },
  fs: { read: 'fstopgm', write: 'pgmtofs', prep: PGM },
  gem: { read: 'gemtopnm', write: 'pbmtogem', prep: PBM },
  xvmini: { read: 'xvminitoppm', write: 'pamtoxvmini', prep: PPM },
} as const satisfies Partial<Record<FormatName, Tool>>;

/** Formats Netpbm only reads: the reader's command line. */
const READERS = {
  biorad: ['bioradtopgm', '-0'], // the first image of the file
} as const satisfies Partial<Record<FormatName, readonly string[]>>;

type NetpbmFormat = keyof typeof TOOLS;
const NETPBM = Object.keys(TOOLS) as NetpbmFormat[];
const READ_ONLY = Object.keys(READERS) as Array<keyof typeof READERS>;
const isNetpbm = (f: FormatName): f is NetpbmFormat => Object.hasOwn(TOOLS, f);
const readerOf = (f: FormatName): readonly string[] | undefined =>
  isNetpbm(f) ? [TOOLS[f].read] : (READERS as Partial<Record<FormatName, readonly string[]>>)[f];
const COMMON = ['png', 'jpg', 'webp', 'tiff', 'gif', 'bmp'] as const satisfies readonly FormatName[];

/** Largest PNM a converter may write (a backstop: the size is checked first, see pnmSize). */
const MAX_PNM_BYTES = 1024 ** 3;

/**
 * The size the reader's PNM header announces, from its first bytes only (the reader is cut off
 * by `head`), so a pixel flood is refused before anything is decoded in full.
 */
async function assertPnmSize(job: EngineJob, reader: readonly string[], input: string): Promise<void> {
  const header = await runTool(job, 'sh', ['-c', '"$@" | head -c 256', 'sh', ...reader, input]);
  const pnm = /^P[1-6]\s+(?:#.*\s+)*(\d+)\s+(\d+)/.exec(header);
  const pam = /^P7\s[\s\S]*?WIDTH (\d+)\s+HEIGHT (\d+)/.exec(header);
  const [width, height] = (pnm ?? pam)?.slice(1).map(Number) ?? [0, 0];
  if (!width || !height) throw new AppError('unsupported_format', 'The image could not be read.');
  if (width * height > RAW_LIMITS.maxPixels)
    throw new AppError('unsupported_format', `The image is too large (${width}×${height}).`);
}

/**
 * `tool [args] < file > out` in the sandbox (the converters are stdin/stdout filters). The file goes
 * in on stdin, not by name: a writer records its command line in the image (pnmtorle's HISTORY).
 */
async function filter(job: EngineJob, command: readonly string[], input: string, output: string): Promise<void> {
  await runTool(
    job,
    'sh',
    ['-c', 'in=$1; out=$2; shift 2; exec "$@" < "$in" > "$out"', 'sh', input, output, ...command],
    {
      fileSizeLimitBytes: MAX_PNM_BYTES,
    },
  );
  await assertOutput(output, command[0]);
}

async function convert(job: EngineJob): Promise<void> {
  const from = job.inputFormat;
  const to = job.targetFormat;
  const base = job.inputPath.replace(/\.[^./]*$/, '');
  // 1. The input as ImageMagick reads it: a Netpbm format becomes PNM first.
  let read = `${coder(from)}:${job.inputPath}[0]`;
  const reader = readerOf(from);
  if (reader) {
    await assertPnmSize(job, reader, job.inputPath);
    await filter(job, reader, job.inputPath, `${base}.pnm`);
    read = `PNM:${base}.pnm`;
  }
  job.onProgress(40);
  if (!isNetpbm(to)) return writeTarget(job, read);
  // 2. The PNM the writer takes, then the writer.
  const { pnm, colors, max }: Prep = TOOLS[to].prep;
  const args = ['-background', 'white', '-alpha', 'remove', '-alpha', 'off', '-depth', '8'];
  if (max) args.push('-resize', `${max}>`);
  if (pnm === 'PBM') args.push('-monochrome');
  if (pnm === 'PGM') args.push('-colorspace', 'gray');
  if (colors) args.push('+dither', '-colors', String(colors));
  await runConvert(job, [read, ...uprightArgs(read), '-strip', ...args, `${pnm}:${base}.prep`]);
  job.onProgress(70);
  await filter(job, [TOOLS[to].write], `${base}.prep`, job.outputPath);
}

export const netpbmEngine: Engine = {
  name: 'netpbm',
  requires: [
    'convert',
    ...NETPBM.flatMap((f) => [TOOLS[f].read, TOOLS[f].write]),
    ...READ_ONLY.map((f) => READERS[f][0]),
  ],
  conversions: [
    // To and from the common images only: every pair is tested, N×N would cost minutes.
    { from: [...NETPBM, ...READ_ONLY], to: COMMON },
    { from: COMMON, to: NETPBM },
  ],
  limits: RAW_LIMITS,
  convert,
};
