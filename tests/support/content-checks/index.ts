import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import {
  ARCHIVED_TEXT,
  GLYPHS,
  knownContent,
  PICTURE,
  TRACED,
  type Known,
  type Picture,
} from '@/tests/fixtures/known-content';
import { bitsOf, HOLDS_BITS } from './depth';
import { archivedText, archiveFiles, STREAMS } from './entries';
import { exceptionOf, levelsOf } from './exceptions';
import { glyphCount } from './glyphs';
import { cropTo, decodePicture, pictureProblem, renderPage, type Pixels } from './picture';
import { ocrText } from './ocr';
import { measure, measureAnimation, recordingProblem } from './recording';
import { missingDataCell, missingSpreadsheetCell, tableText } from './table';
import { extractText, missingSentence } from './text';
import { entryBytes, zipEntries } from './zip-entries';

// The content check of one pair of the format matrix: what the source sample is known to hold
// (tests/fixtures/known-content.ts) is looked for in the result, by the target's family: the
// sentences of a document, e-book, presentation or subtitle; a picture's size and colours; a
// recording's length and size; a table's cells; an archive's files; a font's glyphs. A pair that
// cannot carry some of it is in ./exceptions.ts with the reason. Returns what is wrong, or undefined.

export type Result = { file: string; from: FormatName; to: FormatName; dir: string; parts?: number };

const PAGES = new Set<FormatName>(['pdf', 'ps', 'eps', 'svg', 'djvu']);
const COMICS = new Set<FormatName>(['cbz', 'cb7', 'cbt', 'cbr']);
const ANIMATED = new Set<FormatName>(['gif', 'webp']);
const IMAGE_FILE = /\.(png|jpe?g|webp|gif)$/i;
const execFileAsync = promisify(execFile);

/** The results a ZIP of parts holds in the target's format (a workbook's sheets, a document beside its pictures). */
async function partsOf(r: Result): Promise<string[]> {
  const ext = FORMATS[r.to].extension;
  const entries = zipEntries(await readFile(r.file)).filter((e) => e.name.endsWith(`.${ext}`));
  const files: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(r.dir, 'parts', path.basename(e.name));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, entryBytes(e));
    files.push(file);
  }
  return files;
}

async function textOf(r: Result): Promise<string> {
  const how = exceptionOf(r.from, r.to)?.text;
  if (how === 'ocr') return ocrText(await pictureOf(r, 150));
  if (FORMATS[r.to].family === 'image') return ocrText(await decodePicture(r.file, r.to));
  return extractText(r.file, r.to, r.dir);
}

async function pictureOf(r: Result, dpi = 72): Promise<Pixels> {
  if (COMICS.has(r.to)) {
    const pages = path.join(r.dir, 'pages');
    await execFileAsync('7z', ['e', '-y', `-o${pages}`, r.file]);
    const [first] = (await readdir(pages)).filter((n) => IMAGE_FILE.test(n)).sort();
    const ext = path.extname(first).slice(1).toLowerCase().replace('jpeg', 'jpg') as FormatName;
    return decodePicture(path.join(pages, first), ext);
  }
  if (r.to === 'dxf' || r.to === 'geojson') return outlineExtent(await readFile(r.file, 'utf8'), r.to);
  return PAGES.has(r.to) ? renderPage(r.file, r.to, dpi) : decodePicture(r.file, r.to);
}

/**
 * A traced outline written as coordinates (DXF, GeoJSON), as the ink it draws: its extent filled.
 * Enough for what is checked of an outline, its extent's proportions.
 */
function outlineExtent(text: string, format: FormatName): Pixels {
  const points =
    format === 'dxf'
      ? [
          ...text.slice(text.indexOf('ENTITIES')).matchAll(/^\s*10\r?\n\s*(-?[\d.]+)\r?\n\s*20\r?\n\s*(-?[\d.]+)/gm),
        ].map((m) => [Number(m[1]), Number(m[2])])
      : [...text.matchAll(/\[\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  if (points.length === 0) return { width: 0, height: 0, rgb: Buffer.alloc(0) };
  const [xs, ys] = [points.map((p) => p[0]), points.map((p) => p[1])];
  const [width, height] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)].map((v) =>
    Math.max(1, Math.round(v)),
  );
  return { width, height, rgb: Buffer.alloc(width * height * 3) };
}

/**
 * The picture an OpenDocument drawing shows of itself: the page thumbnail LibreOffice stores in the
 * package, or the first PNG a flat document embeds (LibreOffice keeps one beside an imported SVG).
 */
async function drawingPicture(bytes: Buffer): Promise<Pixels | undefined> {
  const thumbnail =
    bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04'
      ? zipEntries(bytes).find((e) => e.name === 'Thumbnails/thumbnail.png')
      : undefined;
  const embedded = [...bytes.toString('latin1').matchAll(/<office:binary-data>([^<]*)</g)]
    .map((m) => Buffer.from(m[1], 'base64'))
    .find((b) => b.subarray(1, 4).toString('latin1') === 'PNG');
  const png = thumbnail ? entryBytes(thumbnail) : embedded;
  if (!png) return undefined;
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/** A drawing's colours in its records: OpenDocument's fill colours (#rrggbb), a metafile's COLORREFs (r, g, b, 0). */
function colourRecordsProblem(bytes: Buffer, picture: Picture): string | undefined {
  const text =
    bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04'
      ? zipEntries(bytes)
          .filter((e) => e.name.endsWith('.xml'))
          .map((e) => entryBytes(e).toString('utf8'))
          .join('\n')
      : bytes.toString('latin1');
  for (const r of picture.regions) {
    const hex = `#${r.rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    if (!text.toLowerCase().includes(hex) && !bytes.includes(Buffer.from([...r.rgb, 0])))
      return `no ${hex} (${r.name}) in the drawing's records`;
  }
  return undefined;
}

async function check(r: Result, known: Known): Promise<string | undefined> {
  const family = FORMATS[r.to].family;
  const rule = exceptionOf(r.from, r.to);
  switch (known.kind) {
    case 'text': {
      const text = await textOf(r);
      const missing = rule?.anyOrder
        ? known.sentences.find((s) => missingSentence(text, [s]))
        : missingSentence(text, known.sentences);
      return missing && `"${missing}" is missing (or out of order)`;
    }
    case 'table': {
      const text = family === 'image' ? await ocrText(await pictureOf(r)) : await tableText(r.file, r.to, r.dir);
      // A data file's records are keys and values: as a table (JSON to CSV) they may stay nested in one cell.
      const records = family === 'data' || FORMATS[r.from].family === 'data';
      const missing = records || rule?.rowsOnly ? missingDataCell(text, !rule?.rowsOnly) : missingSpreadsheetCell(text);
      return missing && `cell "${missing}" is missing (or out of order)`;
    }
    case 'picture': {
      if (COMICS.has(r.to) && known.pages) {
        const pages = (await archiveFiles(r.file, r.to)).filter((n) => IMAGE_FILE.test(n));
        if (pages.length !== known.pages) return `${pages.length} pages, expected ${known.pages}`;
      }
      if (rule?.records) {
        const bytes = await readFile(r.file);
        const shown = await drawingPicture(bytes);
        if (!shown) return colourRecordsProblem(bytes, known.picture);
        return pictureProblem(cropTo('content', shown), known.picture, { size: 'proportions', levels: 'colour' });
      }
      const { width, height } = known.picture;
      if (family === 'video')
        return recordingProblem(await measure(r.file), { seconds: 0, width, height }, true, false);
      const levels = known.bilevel ? 'bilevel' : levelsOf(r.from, r.to);
      const tolerance = rule?.tolerance;
      if (rule?.crop === 'ink')
        return pictureProblem(cropTo('ink', await pictureOf(r)), TRACED, { size: 'proportions', levels, tolerance });
      if (rule?.crop === 'content') {
        return pictureProblem(cropTo('content', await pictureOf(r)), known.picture, {
          size: 'proportions',
          levels,
          tolerance,
        });
      }
      // A drawing, or a picture placed on a page, keeps its proportions; a raster picture its size.
      const exact = known.picture === PICTURE && family === 'image' && !PAGES.has(r.from);
      const size = rule?.size === 'placed' || rule?.size === 'stretched' ? rule.size : exact ? 'exact' : 'proportions';
      const problem = pictureProblem(await pictureOf(r), known.picture, { size, levels, tolerance });
      const holds = HOLDS_BITS[r.to];
      if (problem || !known.bits || !holds) return problem;
      const bits = await bitsOf(r.file, r.to);
      return bits >= Math.min(known.bits, holds)
        ? undefined
        : `${bits} bits a channel, expected ${Math.min(known.bits, holds)}`;
    }
    case 'recording': {
      if (family === 'image') {
        if (ANIMATED.has(r.to) && FORMATS[r.from].family === 'video')
          return recordingProblem(await measureAnimation(r.file), known.recording, true);
        const p = await decodePicture(r.file, r.to);
        const want = known.recording;
        return want.width && (p.width !== want.width || p.height !== want.height)
          ? `picture ${p.width}×${p.height}, expected ${want.width}×${want.height}`
          : undefined;
      }
      return recordingProblem(
        await measure(r.file),
        known.recording,
        family === 'video' && rule?.size !== 'any',
        rule?.slack,
      );
    }
    case 'entries': {
      const files = await archiveFiles(r.file, r.to);
      return files.join(',') === [...known.entries].sort().join(',')
        ? undefined
        : `holds ${files.join(', ') || 'nothing'}, expected ${known.entries.join(', ')}`;
    }
    case 'stream': {
      if (!STREAMS[r.to]) {
        const files = await archiveFiles(r.file, r.to);
        if (files.length !== 1) return `holds ${files.join(', ')}, expected one file`;
      }
      return (await archivedText(r.file, r.to)) === ARCHIVED_TEXT ? undefined : 'the compressed text differs';
    }
    case 'glyphs': {
      const n = await glyphCount(r.file, r.to);
      return n === GLYPHS ? undefined : `${n} glyphs, expected ${GLYPHS}`;
    }
  }
}

/** What is wrong with the content of `r` (what its source sample holds, looked for in it), or undefined. */
export async function contentProblem(r: Result): Promise<string | undefined> {
  const known = knownContent(r.from, FORMATS[r.from].family);
  if (!r.parts || r.parts < 2) return check(r, known);
  const parts = await partsOf(r);
  if (parts.length === 0) return `a ZIP of ${r.parts} parts with no .${FORMATS[r.to].extension} file`;
  return check({ ...r, file: parts[0] }, known);
}
