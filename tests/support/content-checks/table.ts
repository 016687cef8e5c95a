import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { TABLE } from '@/tests/fixtures/known-content';
import { xlsRows } from './biff';
import { extractText, markupText } from './text';
import { entryBytes, zipEntries } from './zip-entries';

// The cells of a table result, and the checks that the known table is in it: a spreadsheet holds
// every cell in reading order (the header row first); a data file holds the records' keys and
// their values in order. Cells are compared as words or, when both are numbers, as numbers
// (`1.5` matches `1.50`). A data file is read as it is written: its keys may be its tags.

const exec = promisify(execFile);

const TOKEN = /-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|[\p{L}\p{N}]+/giu;
const tokens = (text: string) => text.match(TOKEN) ?? [];
const asNumber = (s: string) => (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(s) ? Number(s) : NaN);
const same = (token: string, cell: string) =>
  token.toLowerCase() === cell.toLowerCase() || (!Number.isNaN(asNumber(cell)) && asNumber(token) === asNumber(cell));

/** The first of `cells` not found in `text` after the ones before it, or undefined. */
export function missingCell(text: string, cells: readonly string[]): string | undefined {
  const found = tokens(text);
  let at = 0;
  for (const cell of cells) {
    while (at < found.length && !same(found[at], cell)) at++;
    if (at === found.length) return cell;
    at++;
  }
  return undefined;
}

/** An Office Open XML workbook's first sheet, row by row (its strings are kept apart from the cells). */
function xlsxText(bytes: Buffer): string {
  const entries = zipEntries(bytes);
  const part = (re: RegExp) => {
    const e = entries.find((x) => re.test(x.name));
    return e ? entryBytes(e).toString('utf8') : '';
  };
  const shared = [...part(/^xl\/sharedStrings\.xml$/).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => markupText(m[1]));
  const sheet = part(/^xl\/worksheets\/sheet1\.xml$/);
  const rows = [...sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)]
      .map(([, attrs, body = '']) => {
        const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? markupText(body);
        return /t="s"/.test(attrs) ? (shared[Number(v)] ?? '') : v;
      })
      .join(' '),
  );
  return rows.join('\n');
}

/** A dBase table: its field names, then each record's fields (fixed widths, so cells may touch). */
function dbfText(b: Buffer): string {
  const [count, headerLength] = [b.readUInt32LE(4), b.readUInt16LE(8)];
  const fields: Array<[string, number]> = [];
  for (let at = 32; b[at] !== 0x0d && at < headerLength; at += 32)
    fields.push([
      b
        .subarray(at, at + 11)
        .toString('latin1')
        .replace(/\0.*$/, ''),
      b[at + 16],
    ]);
  const rows = [fields.map(([name]) => name).join(' ')];
  for (let i = 0, at = headerLength; i < count; i++) {
    at++; // deletion flag
    rows.push(
      fields
        .map(([, width]) =>
          b
            .subarray(at, (at += width))
            .toString('latin1')
            .trim(),
        )
        .join(' '),
    );
  }
  return rows.join('\n');
}

/** The text of a table result, its cells in reading order. */
export async function tableText(file: string, format: FormatName, dir: string): Promise<string> {
  const bytes = await readFile(file);
  // SYLK: each cell a `C;…;K<value>` record (a string quoted), in reading order.
  if (format === 'slk')
    return [...bytes.toString('latin1').matchAll(/^C;.*?;K"?([^";\r\n]*)/gm)].map((m) => m[1]).join(' ');
  if (format === 'dbf') return dbfText(bytes);
  if (format === 'xls' || format === 'xlt')
    return xlsRows(bytes)
      .map((r) => r.join(' '))
      .join('\n');
  if (['xlsx', 'xlsm', 'xltx', 'xltm'].includes(format)) return xlsxText(bytes);
  if (format === 'bplist' || bytes.subarray(0, 6).toString('latin1') === 'bplist') {
    const script = 'import json,plistlib,sys; print(json.dumps(plistlib.load(open(sys.argv[1], "rb"))))';
    return (await exec('/usr/bin/python3', ['-c', script, file])).stdout;
  }
  return FORMATS[format].family === 'data' ? bytes.toString('utf8') : extractText(file, format, dir);
}

/** A spreadsheet: every cell of the table, row by row. */
export const missingSpreadsheetCell = (text: string) => missingCell(text, TABLE.flat());

/** A data file: the records' keys in order (unless `keys` is false), and every row's values in order. */
export const missingDataCell = (text: string, keys = true) =>
  (keys ? missingCell(text, TABLE[0]) : undefined) ?? missingCell(text, TABLE.slice(1).flat());
