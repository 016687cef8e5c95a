import { copyFile, lstat, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { inspect as inspectImage } from '../sharp/sharp-engine';
import { PIXEL_LIMITS } from '../limits';
import type { Engine, EngineJob } from '../types';
import { ZIP_LIMITS } from '../archive/zip-guard';
import { archiveEngine } from '../archive/archive-engine';
import { imagemagickEngine } from '../imagemagick/imagemagick-engine';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { pdfOutputOptions } from '../pdf/pdfa-option';

// Comic book archives: a ZIP, 7z, TAR (or, read only, RAR) of page images. Read: the archive
// engine's checks (zip-bomb limits, no links, no path leaving the folder), unpacked, and the pages
// (regular files with an image name, in natural name order, renumbered) put into a PDF by img2pdf,
// which embeds JPEG as it is (each page first checked by the sharp worker; WebP pages made PNG),
// or repacked into another comic archive. Written: an image as a one-page comic, a PDF's
// pages rendered by pdftoppm.

const COMICS = ['cbz', 'cb7', 'cbt'] as const satisfies readonly FormatName[];
/** The archive each comic format is, for the checks and 7z's `-t`. */
const ARCHIVE: Partial<Record<FormatName, 'zip' | '7z' | 'tar' | 'rar'>> = {
  cbz: 'zip',
  cb7: '7z',
  cbt: 'tar',
  cbr: 'rar',
};
const PAGE = /\.(jpe?g|png|gif|tiff?|webp)$/i;
const PAGE_FORMAT: Record<string, FormatName> = { '.jpeg': 'jpg', '.jpg': 'jpg', '.png': 'png', '.gif': 'gif' };
const pageFormat = (file: string): FormatName =>
  path.extname(file) === '.webp' ? 'webp' : (PAGE_FORMAT[path.extname(file)] ?? 'tiff');
/** PDF pages are rendered with their long side at this many pixels (~150 dpi on A4), at most this many. */
const PAGE_PIXELS = '1800';
const PDF_PAGES = '500';

const isComic = (f: FormatName) => ARCHIVE[f] !== undefined;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const refuse = (why: string) => new AppError('unsupported_format', `The comic archive was refused: ${why}.`);

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  const archive = ARCHIVE[job.inputFormat];
  if (archive === 'rar') await inspectRar(job);
  else if (archive) await archiveEngine.inspect!({ ...job, inputFormat: archive });
}

/**
 * RAR, which the archive engine does not take (7z reads it, nothing here writes it): its listing
 * (`7z l -slt` blocks) held to the same rules, links told by their Unix mode.
 */
async function inspectRar(job: Pick<EngineJob, 'inputPath' | 'signal'>): Promise<void> {
  const run = { workDir: path.dirname(job.inputPath), signal: job.signal };
  const listing = await runTool(run, '7z', ['l', '-slt', '-trar', job.inputPath]).catch((e: unknown) => {
    throw new AppError('unsupported_format', 'The comic archive could not be read.', { cause: e });
  });
  const entries = (listing.split(/^----------$/m)[1] ?? '').split(/\n\s*\n/).filter((b) => /^Path = /m.test(b));
  if (entries.length > ZIP_LIMITS.maxEntries) throw refuse(`too many entries (${entries.length})`);
  let total = 0;
  for (const entry of entries) {
    const field = (k: string) => new RegExp(`^${k} = ?(.*)$`, 'm').exec(entry)?.[1]?.trim() ?? '';
    const name = field('Path');
    total += Number(field('Size')) || 0;
    if (/^l/.test(field('Attributes').replace(/^[A-Z]*\s*/, '')) || field('Symbolic Link'))
      throw refuse('it contains links');
    if (name.startsWith('/') || name.split(/[\\/]/).includes('..')) throw refuse('an entry points outside the archive');
  }
  if (total > ZIP_LIMITS.maxTotalUncompressed)
    throw refuse(`it expands to more than ${ZIP_LIMITS.maxTotalUncompressed / 1024 ** 2} MB`);
}

/** The page images under `dir`, in reading order; links and other files are left out. */
async function pagesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const pages: string[] = [];
  for (const name of entries.filter((n) => PAGE.test(n))) {
    if ((await lstat(path.join(dir, name))).isFile()) pages.push(name);
  }
  return pages.sort(collator.compare).map((n) => path.join(dir, n));
}

/** Unpacks the comic into `dir` and moves its pages, numbered in reading order, into `book`. */
async function unpack(job: EngineJob, dir: string, book: string): Promise<string[]> {
  const archive = ARCHIVE[job.inputFormat]!;
  if (archive === 'tar') {
    await runTool(job, 'tar', ['-x', '--no-same-owner', '--no-same-permissions', '-f', job.inputPath, '-C', dir]);
  } else {
    await runTool(job, '7z', ['x', `-t${archive}`, '-y', '-bd', `-o${dir}`, job.inputPath]);
  }
  const pages = await pagesIn(dir);
  if (pages.length === 0) throw new AppError('unsupported_format', 'The comic archive holds no page images.');
  const width = String(pages.length).length;
  return Promise.all(
    pages.map(async (page, i) => {
      const to = path.join(book, `${String(i + 1).padStart(width, '0')}${path.extname(page).toLowerCase()}`);
      await rename(page, to);
      return to;
    }),
  );
}

/** Fills `book` with the input's pages: a comic's, a picture as page 1, or a PDF's rendered pages. */
async function pagesOf(job: EngineJob, dir: string, book: string): Promise<void> {
  if (isComic(job.inputFormat)) await unpack(job, dir, book);
  else if (job.inputFormat === 'pdf') {
    await runTool(job, 'pdftoppm', [
      '-jpeg',
      '-jpegopt',
      'quality=90',
      '-scale-to',
      PAGE_PIXELS,
      '-l',
      PDF_PAGES,
      job.inputPath,
      path.join(book, 'page'),
    ]);
  } else await copyFile(job.inputPath, path.join(book, `page-1${path.extname(job.inputPath)}`));
}

async function pack(job: EngineJob, book: string): Promise<void> {
  const archive = ARCHIVE[job.targetFormat]!;
  if (archive === 'tar') await runTool(job, 'tar', ['-c', '-f', job.outputPath, '-C', book, '.']);
  // A wildcard stores the entries relative to the folder (no "book/" prefix).
  else await runTool(job, '7z', ['a', `-t${archive}`, '-bd', '-y', job.outputPath, `${book}/*`]);
}

/** img2pdf cannot embed WebP: such a page goes in as PNG (the ImageMagick engine's sandboxed run). */
async function webpToPng(job: EngineJob, page: string): Promise<string> {
  const png = page.replace(/\.webp$/, '.png');
  await imagemagickEngine.convert({
    ...job,
    inputPath: page,
    inputFormat: 'webp',
    outputPath: png,
    targetFormat: 'png',
  });
  return png;
}

async function convert(job: EngineJob): Promise<void> {
  const [dir, book] = [path.join(job.workDir, 'unpacked'), path.join(job.workDir, 'book')];
  await Promise.all([mkdir(dir), mkdir(book)]);
  if (job.targetFormat === 'pdf') {
    const pages = await unpack(job, dir, book);
    // Each page must be the image its name says and within the pixel budget (header only, in
    // the sharp worker) before img2pdf decodes it: a bad page is the user's 400, not our failure.
    const embeddable: string[] = [];
    for (const page of pages) {
      const format = pageFormat(page);
      await inspectImage({ inputPath: page, inputFormat: format, signal: job.signal });
      embeddable.push(format === 'webp' ? await webpToPng(job, page) : page);
    }
    await runTool(job, 'img2pdf', ['--rotation=ifvalid', '-o', job.outputPath, ...embeddable]);
  } else {
    await pagesOf(job, dir, book);
    await pack(job, book);
  }
  await assertOutput(job.outputPath, 'comic');
}

export const comicEngine: Engine = {
  name: 'comics',
  requires: ['img2pdf', '7z', 'tar', 'pdftoppm', 'convert'],
  conversions: [
    { from: [...COMICS, 'cbr'], to: ['pdf', ...COMICS] },
    { from: ['png', 'jpg', 'pdf'], to: COMICS },
  ],
  options: pdfOutputOptions,
  limits: { maxPixels: PIXEL_LIMITS.image }, // each page goes through sharp's inspect
  inspect,
  convert,
};
