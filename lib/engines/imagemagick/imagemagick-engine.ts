import path from 'node:path';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { PIXEL_LIMITS } from '../limits';
import type { Engine, EngineJob } from '../types';
import { assertOutput, runTool } from '../sandbox/run-tool';

// ImageMagick 6 for the raster formats no other engine here reads. The coder is always forced from the
// content-checked format (`psd:input.psd`), and our policy.xml (every coder, delegate and
// @file indirection off, then an allow-list; resources capped) is the only one it loads.

const POLICY_DIR = path.join(process.cwd(), 'lib/engines/imagemagick');

/** Our format name → ImageMagick coder. */
const CODER: Partial<Record<FormatName, string>> = {
  jpg: 'JPEG',
  tiff: 'TIFF',
  ras: 'SUN',
  cur: 'CUR',
  ico: 'ICO',
  palmdb: 'PDB',
};
export const coder = (f: FormatName) => CODER[f] ?? f.toUpperCase();

const COMMON = ['png', 'jpg', 'webp', 'tiff', 'gif', 'bmp'] as const satisfies readonly FormatName[];
const PAIRWISE_RW = [
  'psd',
  'tga',
  'pcx',
  'ppm',
  'pgm',
  'pbm',
  'pam',
  'dds',
  'ico',
  'sgi',
  'xbm',
  'xpm',
  'fits',
  'hdr',
  'jp2',
  'mng',
  'ras',
  'dpx',
  'miff',
  'viff',
  'jng',
  'xwd',
] as const satisfies readonly FormatName[];
/** Read and written like the above, but converted to and from the common images only. */
const VIA_COMMON_RW = [
  'j2k',
  'psb',
  'pict',
  'palmdb',
  'palm',
  'vicar',
  'vips',
  'sixel',
  'pgx',
  'pfm',
  'dcx',
  'ipl',
  'cals',
  'pcd',
  'jbig',
  'otb',
  'wbmp',
  'mtv',
] as const satisfies readonly FormatName[];
const PAIRWISE_READ_ONLY = ['cur', 'cin'] as const satisfies readonly FormatName[];
const VIA_COMMON_READ_ONLY = ['xcf', 'tim'] as const satisfies readonly FormatName[];

function outputArgs(target: FormatName): string[] {
  // A target that cannot hold transparency is laid over white first.
  const args = FORMATS[target].alpha ? [] : ['-background', 'white', '-alpha', 'remove', '-alpha', 'off'];
  if (target === 'ico') args.push('-resize', '256x256>');
  if (target === 'jpg') args.push('-quality', '90');
  if (target === 'dds') args.push('-define', 'dds:compression=none');
  return args;
}

/** `convert` with `args` for a job, sandboxed: our policy only, temporary files in the job folder. */
export const runConvert = (job: Pick<EngineJob, 'workDir' | 'signal'>, args: readonly string[]) =>
  runTool(job, 'convert', args, {
    env: { MAGICK_CONFIGURE_PATH: POLICY_DIR, MAGICK_TMPDIR: job.workDir },
    extraRoBinds: [POLICY_DIR],
  });

/**
 * What follows reading `read` (a coder-prefixed file): a camera's JPEG is stored turned, with an
 * EXIF orientation saying so, and `-strip` would drop that tag: the picture is turned upright first.
 * Only for JPEG: other readers (TGA's bottom-up origin) already give their pixels upright.
 */
export const uprightArgs = (read: string): string[] => (read.startsWith('JPEG:') ? ['-auto-orient'] : []);

/** Writes `read` (a coder-prefixed file, e.g. `PPM:/job/input.ppm`) as the job's target. */
export async function writeTarget(job: EngineJob, read: string): Promise<void> {
  await runConvert(job, [
    read,
    ...uprightArgs(read),
    '-strip',
    ...outputArgs(job.targetFormat),
    `${coder(job.targetFormat)}:${job.outputPath}`,
  ]);
  await assertOutput(job.outputPath, 'ImageMagick');
}

// The first image only (a PSD's composite, an icon's first size, an animation's first frame).
const convert = (job: EngineJob) => writeTarget(job, `${coder(job.inputFormat)}:${job.inputPath}[0]`);

export const imagemagickEngine: Engine = {
  name: 'imagemagick',
  requires: ['convert'],
  conversions: [
    { from: [...PAIRWISE_RW, ...PAIRWISE_READ_ONLY], to: [...COMMON, ...PAIRWISE_RW] },
    // The others to and from the common images only: every pair is tested, N×N would cost minutes.
    { from: [...VIA_COMMON_RW, ...VIA_COMMON_READ_ONLY], to: COMMON },
    { from: COMMON, to: [...PAIRWISE_RW, ...VIA_COMMON_RW] },
  ],
  limits: { maxPixels: PIXEL_LIMITS.imagemagick },
  convert,
};
