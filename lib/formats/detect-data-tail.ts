import { constants, gunzipSync, zstdDecompressSync } from 'node:zlib';
import type { FormatName } from './catalog';
import type { TailDetector } from './detect-tail';

// Recognising the long-tail data files, markup, fonts and archives (see ./detect-tail.ts for the rules).
// Binary formats by their magic; text by its content: JSON must parse (the head may end mid-value),
// XML is named by its root element, BibTeX by its first entry; YAML, TOML, INI and TSV need both
// their structure and their name, since much plain text has that structure too.

const ascii = (head: Buffer, s: string, at = 0) => head.subarray(at, at + s.length).toString('latin1') === s;

/** A POSIX or GNU tar header: "ustar" at offset 257. */
const isTarHeader = (b: Buffer) => b.length >= 262 && ascii(b, 'ustar', 257);

/**
 * The start of a compressed stream, decompressed from its first 2 KiB only (at most ~2 MB out,
 * whatever the ratio): enough to see a tar header. Errors (a cut stream) yield what came out.
 */
function inflatedStart(head: Buffer, kind: 'gzip' | 'zstd'): Buffer {
  const input = head.subarray(0, 2048);
  try {
    if (kind === 'gzip') return gunzipSync(input, { finishFlush: constants.Z_SYNC_FLUSH });
    return zstdDecompressSync(input, { finishFlush: constants.ZSTD_e_flush });
  } catch {
    return Buffer.alloc(0);
  }
}

/** Binary signatures (single-file compressors, archives, fonts, binary plists). */
function binary(head: Buffer): FormatName | null {
  if (ascii(head, 'bplist00')) return 'bplist';
  // gzip and zstd streams: a TAR inside makes them tgz / tzst, anything else is one compressed file.
  if (ascii(head, '\x1f\x8b\x08')) return isTarHeader(inflatedStart(head, 'gzip')) ? 'tgz' : 'gz';
  if (ascii(head, '\x28\xb5\x2f\xfd')) return isTarHeader(inflatedStart(head, 'zstd')) ? 'tzst' : 'zst';
  if (ascii(head, 'wOFF')) return 'woff';
  if (ascii(head, '\x04\x22\x4d\x18')) return 'lz4';
  if (ascii(head, 'MSWIM\0\0\0')) return 'wim';
  if (ascii(head, 'hsqs')) return 'squashfs';
  if (ascii(head, '\x1f\x9d')) return 'z';
  if (ascii(head, '\x89LZO\0\r\n\x1a\n')) return 'lzo';
  if (ascii(head, '070701') || ascii(head, '070702') || ascii(head, '070707')) return 'cpio';
  if (head.length >= 2 && head.readUInt16LE(0) === 0o70707) return 'cpio';
  if (ascii(head, '!<arch>\n')) return 'ar';
  if (head[0] === 0x80 && head[1] === 0x01 && ascii(head, '%!PS-AdobeFont-1', 6)) return 'pfb';
  if (ascii(head, 'SplineFontDB:')) return 'sfd';
  // lzma-alone: properties byte (lc/lp/pb < 225), a power-of-two-ish dictionary, an unknown or small size.
  if (head.length >= 13 && head[0] === 0x5d && head[1] === 0 && head[2] === 0 && head.readUInt32LE(1) >= 4096)
    return 'lzma';
  return null;
}

/** file-type answers (gzip and zstd are left to `binary`, which looks inside). */
function byFileType(ftExt: string): FormatName | null {
  if (ftExt === 'cpio') return 'cpio';
  if (ftExt === 'ar' || ftExt === 'deb') return 'ar';
  if (ftExt === 'woff') return 'woff';
  if (ftExt === 'eot') return 'eot';
  if (ftExt === 'lz4') return 'lz4';
  if (ftExt === 'lz') return 'lz';
  if (ftExt === 'Z') return 'z';
  if (ftExt === 'iso' || ftExt === 'cab' || ftExt === 'arj') return ftExt;
  return null;
}

// ---- text

/** The head is JSON, or the start of it (cut at the end of the head). */
function isJson(raw: string): boolean {
  const s = raw.trim();
  if (!/^[[{]/.test(s)) return false;
  try {
    JSON.parse(s);
    return true;
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    const at = /at position (\d+)/.exec(msg);
    return /Unexpected end of JSON input/.test(msg) || (at !== null && Number(at[1]) >= s.length);
  }
}

/** Lines each a whole JSON object or array (the last may be cut); at least `min` of them. */
function isJsonLines(raw: string, min = 2): boolean {
  const lines = raw.split('\n').filter((l) => l.trim());
  if (lines.length < min) return false;
  if (lines.length === 1) return isJson(lines[0]);
  return lines.slice(0, -1).every((l) => {
    try {
      return typeof JSON.parse(l) === 'object';
    } catch {
      return false;
    }
  });
}

const GEOJSON_TYPE =
  /^\{[\s\S]{0,200}?"type"\s*:\s*"(FeatureCollection|Feature|Point|LineString|Polygon|MultiPoint|MultiLineString|MultiPolygon|GeometryCollection)"/;

function jsonFormat(raw: string, ext: string): FormatName | null {
  const s = raw.trim();
  if ((ext === 'ndjson' || ext === 'jsonl') && isJsonLines(s, 1)) return 'ndjson';
  if (!isJson(raw) && isJsonLines(s)) return 'ndjson';
  if (!isJson(raw)) return null;
  if (ext === 'geojson' || (ext !== 'json' && GEOJSON_TYPE.test(s))) return 'geojson';
  return 'json';
}

/** The root element's name (after the declaration, comments, processing instructions and doctype). */
function xmlRoot(start: string): string | null {
  const body = start.replace(/^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype[^>[]*(\[[\s\S]*?\])?\s*>|\s+)*/, '');
  return /^<([a-z_][\w.:-]*)[\s/>]/.exec(body)?.[1] ?? null;
}

function xmlFormat(start: string, ext: string): FormatName | null {
  if (!start.startsWith('<')) return null;
  const root = xmlRoot(start);
  if (root === 'plist' && /<!doctype plist|^<\?xml/.test(start)) return 'plist';
  if (root === 'tei') return 'tei';
  if (root === 'ttfont') return 'ttx';
  if (root === 'article' && /jats|-\/\/nlm\/\/dtd|dtd-version=/.test(start)) return 'jats';
  if (/<\?aid /.test(start) || root === 'document') return ext === 'icml' ? 'icml' : null;
  // Any other document is XML data once it declares itself XML (or is named so): an HTML fragment in a .md is not.
  return root && (start.startsWith('<?xml') || ext === 'xml') ? 'xml' : null;
}

const significant = (raw: string) =>
  raw
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() && !/^\s*[#;]/.test(l));

const YAML_LINE = /^(---|\.\.\.|%YAML|\s*- |\s*-$|\s*[^\s:#][^:]*:(\s|$)|\s+\S)/;
const TOML_LINE = /^\s*(\[\[?[^\]]+\]\]?\s*$|[A-Za-z0-9_."'-]+\s*=|[\]}"'\s\d-])/;
const INI_LINE = /^\s*(\[[^\]]+\]\s*$|[^=:[\s][^=:]*[=:]|\s)/;

function structured(raw: string, ext: string): FormatName | null {
  const lines = significant(raw).slice(0, 50);
  if (lines.length === 0) return null;
  const first = lines[0];
  if (first.startsWith('%YAML')) return 'yaml';
  if ((ext === 'yaml' || ext === 'yml') && lines.every((l) => YAML_LINE.test(l))) return 'yaml';
  if (ext === 'toml' && /^\s*(\[|[\w."'-]+\s*=)/.test(first) && lines.every((l) => TOML_LINE.test(l))) return 'toml';
  if (['ini', 'cfg', 'conf', 'inf'].includes(ext) && lines.every((l) => INI_LINE.test(l))) return 'ini';
  if (ext === 'tsv' || ext === 'tab') {
    const tabs = first.split('\t').length;
    if (tabs > 1 && lines.slice(0, -1).every((l) => l.split('\t').length === tabs)) return 'tsv';
  }
  return null;
}

/** A BibTeX database: comments, then an @type{ entry. */
const BIBTEX =
  /^(%[^\n]*\n|\s)*@(article|book|booklet|conference|inbook|incollection|inproceedings|manual|mastersthesis|misc|phdthesis|proceedings|techreport|unpublished|online|report|thesis|string|preamble|comment)\s*[{(]/i;

function text(raw: string, start: string, ext: string): FormatName | null {
  if (start.startsWith('{') || start.startsWith('[')) {
    const json = jsonFormat(raw, ext);
    if (json) return json;
  }
  if (start.startsWith('<')) return xmlFormat(start, ext);
  if (BIBTEX.test(raw)) return 'bibtex';
  // DXF: group code 0 then SECTION (after any 999 comment pairs).
  if (/^(999\s*\n[^\n]*\n\s*)*0\s*\nsection\s*\n/.test(start)) return 'dxf';
  if (start.startsWith('#fig ')) return 'fig';
  return structured(raw, ext);
}

export const DATA_DETECTOR: TailDetector = { binary, byFileType, text };
