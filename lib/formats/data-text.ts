import type { TextSample } from './format-record';
import { sniffedAs } from './text-sniff';

// Data files, bibliographies and drawings recognised as text. JSON must parse (the head may end
// mid-value), XML is named by its root element, BibTeX by its first entry; YAML, TOML, INI and TSV
// need both their structure and their name, since much plain text has that structure too.

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

function jsonFormat(raw: string, ext: string) {
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

function xmlFormat(start: string, ext: string) {
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

function structured(raw: string, ext: string) {
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

function dataText({ raw, start, ext }: TextSample) {
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

/** `dataTextIs('json')`: the data sniffer's answer is JSON. */
export const dataTextIs = sniffedAs(dataText);
