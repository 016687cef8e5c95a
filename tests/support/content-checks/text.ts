import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { FormatName } from '@/lib/formats/catalog';
import { entryBytes, zipEntries, type ZipEntry } from './zip-entries';

// The text of a result, read by the means that fit its format, and the check that known sentences
// are in it in order. Words are compared, not markup: both sides are lower-cased and every run of
// characters that is not a letter or a digit is one space, so `**bold**`, a line break or a tag
// between two words does not matter, but a missing, changed or reordered word does.

const exec = promisify(execFile);
const run = async (cmd: string, args: string[]) =>
  (await exec(cmd, args, { maxBuffer: 64 * 1024 ** 2, encoding: 'latin1' })).stdout;

export const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The first sentence not found after the ones before it, or undefined when all are there in order. */
export function missingSentence(text: string, sentences: readonly string[]): string | undefined {
  const hay = ` ${words(text)} `;
  let from = 0;
  for (const s of sentences) {
    const at = hay.indexOf(` ${words(s)} `, from);
    if (at < 0) return s;
    from = at + words(s).length + 1;
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? m),
  );

/** XML or HTML as text: tags dropped (with `attributes`, each becomes its quoted values: OPML keeps its text there), entities decoded. */
export function markupText(xml: string, attributes = false): string {
  const noScripts = xml
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, text: string) => text.replace(/[<&]/g, ' '))
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, ' ');
  const text = noScripts.replace(/<[^>]*>/g, (tag) =>
    attributes ? [...tag.matchAll(/=\s*"([^"]*)"/g)].map((m) => ` ${m[1]} `).join('') || ' ' : ' ',
  );
  return decodeEntities(text);
}

/** RTF, TeX and troff as text: their commands dropped (`\b`, `\textbf`, `\fB`, `\f[B]`, `@strong`). */
const commandsDropped = (s: string) =>
  s
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\\([a-z]{2}/g, ' ')
    .replace(/\\'[0-9a-f]{2}/gi, ' ')
    .replace(/\\[a-z]+-?\d* ?/gi, ' ')
    .replace(/@[a-z]+/gi, ' ');

/** Printable runs of a binary file, read as Latin-1 and as UTF-16 (Word, Excel and PowerPoint 97 keep text either way). */
function binaryStrings(bytes: Buffer): string {
  const latin = bytes.toString('latin1').match(/[\x20-\x7e\xa0-\xff\t\r\n]{3,}/g) ?? [];
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
  const wide = [even, bytes.subarray(1, 1 + ((bytes.length - 1) & ~1))].flatMap(
    (b) => b.toString('utf16le').match(/[\x20-\x7e\xa0-\xff\u0100-\u024f\t\r\n]{3,}/g) ?? [],
  );
  return [...latin, ...wide].join('\n');
}

/** An EPUB's entries in reading order: its spine's documents first (the package file says which). */
function readingOrder(entries: ZipEntry[]): ZipEntry[] {
  const opf = entries.find((e) => e.name.endsWith('.opf'));
  if (!opf) return entries;
  const xml = entryBytes(opf).toString('utf8');
  const base = opf.name.includes('/') ? opf.name.slice(0, opf.name.lastIndexOf('/') + 1) : '';
  const hrefs = new Map(
    [...xml.matchAll(/<item\b[^>]*>/g)].map((m) => [
      /\bid="([^"]*)"/.exec(m[0])?.[1],
      /\bhref="([^"]*)"/.exec(m[0])?.[1],
    ]),
  );
  const spine = [...xml.matchAll(/<itemref\b[^>]*\bidref="([^"]*)"/g)].map(
    (m) => base + decodeURI(hrefs.get(m[1]) ?? ''),
  );
  const rank = (e: ZipEntry) => (spine.includes(e.name) ? spine.indexOf(e.name) : spine.length);
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

/** The text parts of a ZIP package (OOXML, OpenDocument, EPUB, HTMLZ…), in reading order. */
async function packageText(bytes: Buffer): Promise<string> {
  const parts: string[] = [];
  for (const e of readingOrder(zipEntries(bytes))) {
    if (!/\.(xml|x?html?|opf|ncx|txt|md|fb2|rels)$|^content$/i.test(e.name) || /^\[Content_Types\]/.test(e.name))
      continue;
    const data = entryBytes(e);
    parts.push(/\.(txt|md)$/i.test(e.name) ? data.toString('utf8') : markupText(data.toString('utf8')));
  }
  return parts.join('\n');
}

/** The characters of Scenarist captions: EIA-608 byte pairs (odd parity); a control pair is a break. */
function sccText(scc: string): string {
  return [...scc.matchAll(/\b([0-9a-f]{2})([0-9a-f]{2})\b/gi)]
    .map(([, a, b]) => [parseInt(a, 16) & 0x7f, parseInt(b, 16) & 0x7f])
    .map(([a, b]) => (a < 0x20 ? ' ' : String.fromCharCode(a) + (b >= 0x20 ? String.fromCharCode(b) : '')))
    .join('');
}

/** Formats calibre alone reads here: their text through ebook-convert (the test side's trusted copy). */
const CALIBRE_READS = new Set<FormatName>(['mobi', 'azw3', 'lit', 'lrf', 'pdb', 'rb', 'tcr', 'pml', 'pmlz']);

const isZip = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'));
const isOle2 = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));

/** The text of `file`, a result of format `format`. */
export async function extractText(file: string, format: FormatName, dir: string): Promise<string> {
  const bytes = await readFile(file);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return run('pdftotext', ['-q', '-layout', '-enc', 'UTF-8', file, '-']);
  if (format === 'ps' || format === 'eps' || bytes.subarray(0, 2).toString('latin1') === '%!') {
    const args = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=txtwrite', '-sOutputFile=-', file];
    return run('gs', args);
  }
  if (format === 'djvu') return run('djvutxt', [file]);
  if (format === 'scc') return sccText(bytes.toString('latin1'));
  if (format === 'snb') {
    // calibre cannot read SNB back: its text files are one bzip2 stream after the header.
    const at = bytes.indexOf('BZh');
    const child = exec('bzip2', ['-dc']);
    child.child.stdin?.end(bytes.subarray(at));
    return markupText((await child).stdout);
  }
  if (CALIBRE_READS.has(format)) {
    const out = `${dir}/read-back.txt`;
    await exec('ebook-convert', [file, out], { maxBuffer: 16 * 1024 ** 2 });
    return readFile(out, 'utf8');
  }
  if (isZip(bytes)) return packageText(bytes);
  if (isOle2(bytes)) return binaryStrings(bytes);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return markupText(gunzipSync(bytes).toString('utf8'));
  const text = bytes.toString('utf8');
  if (/^\s*\{\\rtf/.test(text) || ['tex', 'context', 'beamer', 'ms', 'man', 'texinfo'].includes(format))
    return commandsDropped(text);
  if (text.includes('\u0000')) return binaryStrings(bytes);
  // Tags too: lightweight markups may carry inline HTML (`<span id="x"></span>`).
  return markupText(text, format === 'opml');
}
