import path from 'node:path';
import { readHead } from '@/lib/formats/read-head';
import { AppError } from '@/lib/api/errors';
import { config } from '@/lib/config';
import type { ConvertOptions } from '@/lib/conversions/convert-options';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import type { BridgeRequest } from './libreoffice/instance';
import { withOffice } from './libreoffice/pool';
import { EngineError } from './sandbox';
import type { Engine, EngineJob } from './types';
import { placeIn, takeOut, withExchangeSlot } from './warm/exchange';
import { xmlPartChecker } from './libreoffice/linked-content';
import { assertRtfHasNoLinks } from './libreoffice/rtf-links';
import { assertSafeZip, ZIP_LIMITS } from './zip-guard';

export { poolStatus, shutdownLibreOffice, warmUp } from './libreoffice/pool';

// Documents, spreadsheets and presentations through a warm, sandboxed LibreOffice.
// Both the import and the export filter are named explicitly: LibreOffice never re-detects
// the input, so a file only ever reaches the filter of the format its bytes proved.

type Filter = { name: string; options?: string };

const WRITER_IN = ['docx', 'doc', 'odt', 'rtf', 'txt', 'html'] as const satisfies readonly FormatName[];
const WRITER_OUT = ['pdf', 'docx', 'odt', 'rtf', 'txt', 'html'] as const satisfies readonly FormatName[];
const CALC_IN = ['xlsx', 'xls', 'ods', 'csv'] as const satisfies readonly FormatName[];
const CALC_OUT = ['pdf', 'xlsx', 'ods', 'csv'] as const satisfies readonly FormatName[];
const IMPRESS_IN = ['pptx', 'ppt', 'odp'] as const satisfies readonly FormatName[];
const IMPRESS_OUT = ['pdf', 'pptx', 'odp'] as const satisfies readonly FormatName[];

// comma, ", UTF-8, from row 1; on export also: language 0, quote only where needed (token 7 false).
const CSV_IN: Filter = { name: 'Text - txt - csv (StarCalc)', options: '44,34,76,1' };
const CSV_OUT: Filter = { name: 'Text - txt - csv (StarCalc)', options: '44,34,76,1,,0,false,true,true' };
const TEXT: Filter = { name: 'Text (encoded)', options: 'UTF8,LF' };

const IMPORT: Partial<Record<FormatName, Filter>> = {
  docx: { name: 'MS Word 2007 XML' },
  doc: { name: 'MS Word 97' },
  odt: { name: 'writer8' },
  rtf: { name: 'Rich Text Format' },
  txt: TEXT,
  html: { name: 'HTML (StarWriter)' },
  xlsx: { name: 'Calc MS Excel 2007 XML' },
  xls: { name: 'MS Excel 97' },
  ods: { name: 'calc8' },
  csv: CSV_IN,
  pptx: { name: 'Impress MS PowerPoint 2007 XML' },
  ppt: { name: 'MS PowerPoint 97' },
  odp: { name: 'impress8' },
};

type App = 'writer' | 'calc' | 'impress';
const EXPORT: Record<App, Partial<Record<FormatName, Filter>>> = {
  writer: {
    pdf: { name: 'writer_pdf_Export' },
    docx: { name: 'MS Word 2007 XML' },
    odt: { name: 'writer8' },
    rtf: { name: 'Rich Text Format' },
    txt: TEXT,
    html: { name: 'HTML (StarWriter)' },
  },
  calc: {
    pdf: { name: 'calc_pdf_Export' },
    xlsx: { name: 'Calc MS Excel 2007 XML' },
    ods: { name: 'calc8' },
    csv: CSV_OUT,
  },
  impress: {
    pdf: { name: 'impress_pdf_Export' },
    pptx: { name: 'Impress MS PowerPoint 2007 XML' },
    odp: { name: 'impress8' },
  },
};

const appOf = (f: FormatName): App | undefined =>
  (WRITER_IN as readonly FormatName[]).includes(f)
    ? 'writer'
    : (CALC_IN as readonly FormatName[]).includes(f)
      ? 'calc'
      : (IMPRESS_IN as readonly FormatName[]).includes(f)
        ? 'impress'
        : undefined;

const ZIPPED: ReadonlySet<FormatName> = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);
const ODF: ReadonlySet<FormatName> = new Set(['odt', 'ods', 'odp']);
const TEXTUAL: ReadonlySet<FormatName> = new Set(['txt', 'csv', 'html']);

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  if (!appOf(job.inputFormat)) throw new AppError('unsupported_format', `${job.inputFormat} is not an office format.`);
  const detected = await detectFormat(await readHead(job.inputPath), `input.${job.inputFormat}`);
  // Text may be read as plain text whatever it looks like; everything else must be what it claims.
  const fits = TEXTUAL.has(job.inputFormat) ? detected !== null && TEXTUAL.has(detected) : detected === job.inputFormat;
  if (!fits) throw new AppError('unsupported_format', `The file is not a ${job.inputFormat.toUpperCase()} file.`);
  // Linked content (pictures, text, OLE objects, templates from files or URLs) is refused here;
  // the sandbox's narrow view (libreoffice/system-view.ts) is the wall behind this check.
  if (job.inputFormat === 'rtf') await assertRtfHasNoLinks(job.inputPath);
  if (ZIPPED.has(job.inputFormat)) {
    const kind = ODF.has(job.inputFormat) ? 'odf' : 'ooxml';
    await assertSafeZip(job.inputPath, ZIP_LIMITS, () => xmlPartChecker(kind));
  }
}

/**
 * PDF export settings from the conversion's options, as the JSON FilterOptions LibreOffice (7.4+)
 * reads into the PDF filter's FilterData: PageRange, PDF/A-2b, picture resolution.
 */
export function pdfExportOptions(o: ConvertOptions): string | undefined {
  const data: Record<string, { type: string; value: string }> = {};
  if (o.pages) data.PageRange = { type: 'string', value: o.pages.replace(/\s+/g, '') };
  if (o.pdfa) data.SelectPdfVersion = { type: 'long', value: '2' };
  if (o.dpi) {
    data.ReduceImageResolution = { type: 'boolean', value: 'true' };
    data.MaxImageResolution = { type: 'long', value: String(o.dpi) };
  }
  return Object.keys(data).length > 0 ? JSON.stringify(data) : undefined;
}

/** LibreOffice's own complaint about a document (it could not open or write it), not a crash. */
const isDocumentError = (msg: string) => /IOException|IllegalArgumentException|could not be loaded/.test(msg);

async function convert(job: EngineJob): Promise<void> {
  const app = appOf(job.inputFormat);
  const importFilter = IMPORT[job.inputFormat];
  const exportFilter = app && EXPORT[app][job.targetFormat];
  if (!app || !importFilter || !exportFilter || job.inputFormat === job.targetFormat) {
    throw new AppError('unsupported_format', `Cannot convert ${job.inputFormat} to ${job.targetFormat}.`);
  }
  job.onProgress(5);
  await withOffice((office) =>
    // The sandbox sees only its own exchange folder: the input goes in, the result comes out.
    withExchangeSlot(office.exchangeDir, async (slot) => {
      const inFile = path.join(slot, `in.${job.inputFormat}`);
      const outFile = path.join(slot, `out.${job.targetFormat}`);
      await placeIn(job.inputPath, inFile);
      job.onProgress(10);
      const request: BridgeRequest = {
        in: inFile,
        out: outFile,
        inFilter: importFilter.name,
        inOptions: importFilter.options,
        filter: exportFilter.name,
        options: job.targetFormat === 'pdf' ? pdfExportOptions(job.options as ConvertOptions) : exportFilter.options,
      };
      const reply = await office.request(request, { signal: job.signal, timeoutMs: config.engineTimeoutMs });
      if (!reply.ok) {
        const msg = reply.error ?? 'unknown error';
        if (isDocumentError(msg)) {
          throw new AppError('unsupported_format', 'LibreOffice could not read this document.', {
            cause: new Error(msg),
          });
        }
        throw new EngineError(`LibreOffice failed: ${msg}`);
      }
      if (!(await takeOut(outFile, job.outputPath))) throw new EngineError('LibreOffice produced no output');
    }),
  );
  job.onProgress(100);
}

const pairs = (from: readonly FormatName[], to: readonly FormatName[]) =>
  from.map((f) => ({ from: [f], to: to.filter((t) => t !== f) }));

export const libreofficeEngine: Engine = {
  name: 'libreoffice',
  conversions: [...pairs(WRITER_IN, WRITER_OUT), ...pairs(CALC_IN, CALC_OUT), ...pairs(IMPRESS_IN, IMPRESS_OUT)],
  inspect,
  convert,
};
