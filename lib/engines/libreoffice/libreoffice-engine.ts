import path from 'node:path';
import { readHead } from '@/lib/formats/read-head';
import { AppError, isAppError } from '@/lib/errors';
import { config } from '@/lib/config';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import type { BridgeRequest } from './instance';
import { type DocumentOptions, documentOptions } from './options';
import { withOffice } from './pool';
import { EngineError } from '../sandbox/sandbox';
import type { Engine, EngineJob } from '../types';
import { placeIn, takeOut, withExchangeSlot } from '../warm/exchange';
import { appOf, EXPORT, IMPORT, OFFICE_PAIRS, ONE_TABLE } from './filters';
import { noSuchSheet, readSheetReply, sheetPick, takeSheets } from './sheets';
import { assertSafeXmlFile, type PackageKind, xmlPartChecker } from './linked-content';
import { assertRtfHasNoLinks } from './rtf-links';
import { assertSafeZip, ZIP_LIMITS } from '../archive/zip-guard';

export { poolStatus, shutdownLibreOffice, warmUp } from './pool';

// Documents, spreadsheets, presentations and drawings through a warm, sandboxed LibreOffice.
// Both the import and the export filter are named explicitly (./filters.ts).

const ZIPPED: Partial<Record<FormatName, PackageKind>> = {
  ...Object.fromEntries(
    ['docx', 'xlsx', 'pptx', 'dotx', 'dotm', 'docm', 'xltx', 'xltm', 'xlsm'].map((f) => [f, 'ooxml']),
  ),
  ...Object.fromEntries(['potx', 'potm', 'pptm', 'ppsx', 'ppsm'].map((f) => [f, 'ooxml'])),
  ...Object.fromEntries(['odt', 'ods', 'odp', 'ott', 'ots', 'otp', 'odg', 'otg'].map((f) => [f, 'odf'])),
  ...Object.fromEntries(['sxw', 'stw', 'sxc', 'stc', 'sxi', 'sxd'].map((f) => [f, 'staroffice'])),
};
/** Single XML files (flat OpenDocument, Office 2003 XML, UOF), checked like a package's XML parts. */
const XML_FILE: Partial<Record<FormatName, PackageKind>> = {
  ...Object.fromEntries(['fodt', 'fods', 'fodp', 'fodg'].map((f) => [f, 'odf'])),
  wordml: 'wordml',
  spreadsheetml: 'spreadsheetml',
  ...Object.fromEntries(['uot', 'uos', 'uop'].map((f) => [f, 'uof'])),
};
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
  const kind = ZIPPED[job.inputFormat];
  if (kind) await assertSafeZip(job.inputPath, ZIP_LIMITS, () => xmlPartChecker(kind));
  const xml = XML_FILE[job.inputFormat];
  if (xml) await assertSafeXmlFile(job.inputPath, xml);
}

/**
 * PDF export settings from the conversion's options, as the JSON FilterOptions LibreOffice (7.4+)
 * reads into the PDF filter's FilterData: PageRange, PDF/A-2b, picture resolution.
 */
function pdfExportOptions(o: Partial<DocumentOptions>): string | undefined {
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

async function convert(job: EngineJob): Promise<void | { parts: number }> {
  const app = appOf(job.inputFormat);
  const importFilter = app && IMPORT[app][job.inputFormat];
  const exportFilter = app && EXPORT[app][job.targetFormat];
  if (!app || !importFilter || !exportFilter || job.inputFormat === job.targetFormat) {
    throw new AppError('unsupported_format', `Cannot convert ${job.inputFormat} to ${job.targetFormat}.`);
  }
  // A workbook goes to a one-table format sheet by sheet (./sheets.ts).
  const pick = app === 'calc' && ONE_TABLE.has(job.targetFormat) ? sheetPick(job.options) : undefined;
  job.onProgress(5);
  const result = await withOffice((office) =>
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
        options:
          job.targetFormat === 'pdf' ? pdfExportOptions(job.options as Partial<DocumentOptions>) : exportFilter.options,
        sheets: pick,
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
      if (pick) {
        const written = readSheetReply(reply);
        // A sheet the workbook lacks is the caller's mistake, not the instance's: the refusal is
        // thrown outside the pool, which replaces an instance whose job throws.
        if (written.written.length === 0) return noSuchSheet(pick, written.sheets);
        return takeSheets(job, written, outFile);
      }
      if (!(await takeOut(outFile, job.outputPath))) throw new EngineError('LibreOffice produced no output');
    }),
  );
  if (isAppError(result)) throw result;
  job.onProgress(100);
  return result;
}

export const libreofficeEngine: Engine = {
  name: 'libreoffice',
  conversions: OFFICE_PAIRS,
  options: documentOptions,
  // Its PDF export filter writes PDF/A-2b: XMP id, every font embedded, an sRGB output intent.
  writesPdfA: true,
  inspect,
  convert,
};
