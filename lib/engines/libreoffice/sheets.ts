import { rename } from 'node:fs/promises';
import path from 'node:path';
import { UNSAFE_TEXT } from '@/lib/display-text';
import { AppError } from '@/lib/errors';
import { FORMATS } from '@/lib/formats/catalog';
import { EngineError } from '../sandbox/sandbox';
import type { EngineJob } from '../types';
import type { WorkerReply } from '../warm/sandboxed-worker';
import { takeOut } from '../warm/exchange';
import { zipParts } from '../zip-parts';
import type { DocumentOptions } from './options';

// A workbook written to a format that holds one table (CSV, DIF, SYLK, dBase) goes out sheet by
// sheet: the bridge (bridge.py, export_sheets) writes sheet n to `<out's stem>-<n><ext>` and names
// every sheet. One sheet (the workbook has one, or the `sheet` option picks it) is the result as
// it is; several are one ZIP with a file per sheet, in the workbook's order, named after each.

/** Which sheets the bridge writes: all of them, or the one the option names or numbers. */
export type SheetPick = { all: true } | { name: string } | { number: number };

export function sheetPick(options: Partial<DocumentOptions>): SheetPick {
  const { sheet } = options;
  if (sheet === undefined) return { all: true };
  return typeof sheet === 'number' ? { number: sheet } : { name: sheet };
}

/**
 * The file the bridge writes for sheet n of the request whose `out` is outFile. No dot before the
 * number: dBase takes the file's name as its table's, and refuses a table name with a dot.
 */
function sheetFile(outFile: string, n: number): string {
  const { dir, name, ext } = path.parse(outFile);
  return path.join(dir, `${name}-${n}${ext}`);
}

/** What the bridge wrote: every sheet's name in order, and the numbers (from 1) of those it wrote. */
export type SheetsWritten = { sheets: string[]; written: number[] };

/** The bridge's answer, checked: the numbers it wrote must be sheets it named, each once. */
export function readSheetReply(reply: WorkerReply): SheetsWritten {
  const { sheets, written } = reply;
  const names = Array.isArray(sheets) && sheets.every((s) => typeof s === 'string') ? (sheets as string[]) : null;
  const numbers = Array.isArray(written) && written.every((n) => Number.isInteger(n)) ? (written as number[]) : null;
  if (!names || !numbers || new Set(numbers).size !== numbers.length || numbers.some((n) => n < 1 || n > names.length))
    throw new EngineError('LibreOffice answered the sheet export with something other than its sheets');
  return { sheets: names, written: numbers };
}

/** The refusal of a sheet the workbook does not have, naming it and what there is. */
export function noSuchSheet(pick: SheetPick, sheets: readonly string[]): AppError {
  const shown = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);
  const list = sheets.slice(0, 20).map(shown);
  const their = `its sheets: ${list.join(', ')}${sheets.length > list.length ? ', …' : ''}`;
  const what =
    'number' in pick
      ? `has ${sheets.length} sheet${sheets.length === 1 ? '' : 's'}, so no sheet ${pick.number}`
      : `has no sheet named ${JSON.stringify('name' in pick ? pick.name : '')}`;
  return new AppError('validation_failed', `Option "sheet": the workbook ${what} (${their}).`);
}

/**
 * Takes the sheets the bridge wrote (at least one) out of the exchange slot into the job's result:
 * the one file, or a ZIP of them (`parts`). Must run before the slot is removed.
 */
export async function takeSheets(
  job: EngineJob,
  { sheets, written }: SheetsWritten,
  outFile: string,
): Promise<void | { parts: number }> {
  const ext = FORMATS[job.targetFormat].extension;
  const parts = [];
  for (const n of written) {
    const file = path.join(job.workDir, `sheet-${n}.${ext}`);
    if (!(await takeOut(sheetFile(outFile, n), file)))
      throw new EngineError(`LibreOffice wrote nothing for sheet ${n}`);
    const name = sheets[n - 1].replace(UNSAFE_TEXT, '').trim().slice(0, 200) || `Sheet ${n}`;
    parts.push({ name: `${name}.${ext}`, file });
  }
  if (parts.length === 1) return void (await rename(parts[0].file, job.outputPath));
  return zipParts(job, parts, { deflate: true });
}
