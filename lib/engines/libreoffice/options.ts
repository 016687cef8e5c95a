import { z } from 'zod';
import { formatInfo } from '@/lib/formats/catalog';
import { pdfaOption } from '../pdf/pdfa-option';
import type { EngineOptions } from '../types';
import { appOf, ONE_TABLE } from './filters';

// What LibreOffice applies when it exports a document as PDF (./libreoffice-engine.ts turns them
// into its PDF export filter's settings), and which sheet of a workbook goes to a one-table
// format (./sheets.ts). Pure data, described in OpenAPI as DocumentOptions.

/** `1-3,5`: pages and ranges from 1, in any order. */
const PAGE_RANGES = /^\s*\d{1,5}(\s*-\s*\d{1,5})?(\s*,\s*\d{1,5}(\s*-\s*\d{1,5})?)*\s*$/;

export const DocumentOptions = z
  .strictObject({
    pages: z
      .string()
      .max(200)
      .regex(PAGE_RANGES, 'must be pages and ranges like "1-3,5"')
      .refine(ascendingRanges, 'ranges must run from low to high, from page 1')
      .optional()
      .meta({ description: 'Pages to keep, like `1-3,5`; default all' }),
    dpi: z
      .number()
      .int()
      .min(72)
      .max(2400)
      .optional()
      .meta({ description: 'Pictures are reduced to this resolution in the PDF; default: kept as they are' }),
    pdfa: pdfaOption,
    sheet: z
      .union([z.string().min(1).max(255), z.number().int().min(1).max(10_000)])
      .optional()
      .meta({
        description:
          'The one sheet of a workbook to write, by name (a string) or by number from 1 (a number); ' +
          'default every sheet: a workbook of several sheets gives a ZIP with one file per sheet, named after it',
      }),
  })
  .meta({ id: 'DocumentOptions' });

export type DocumentOptions = z.output<typeof DocumentOptions>;

function ascendingRanges(pages: string): boolean {
  return pages.split(',').every((range) => {
    const [from, to = from] = range.split('-').map((n) => Number(n.trim()));
    return from >= 1 && to >= from;
  });
}

const PDF_EXPORT = ['pages', 'dpi', 'pdfa'] as const satisfies ReadonlyArray<keyof DocumentOptions>;
/** A drawing (EMF, WMF) is one page at its own size and resolution. */
const DRAWING_PDF = ['pdfa'] as const satisfies ReadonlyArray<keyof DocumentOptions>;
const SHEET = ['sheet'] as const satisfies ReadonlyArray<keyof DocumentOptions>;

export const documentOptions: EngineOptions<typeof DocumentOptions> = {
  schema: DocumentOptions,
  // The PDF export filter has settings, and a workbook (not a one-table input) going to a one-table
  // format takes the sheet; other targets are written as LibreOffice writes them.
  names: (from, to) => {
    if (to === 'pdf') return formatInfo(from)?.family === 'image' ? DRAWING_PDF : PDF_EXPORT;
    if (appOf(from) === 'calc' && !ONE_TABLE.has(from) && ONE_TABLE.has(to)) return SHEET;
    return [];
  },
};
