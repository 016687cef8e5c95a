import { z } from 'zod';
import type { EngineOptions } from '../types';

// The one `pdfa` option of every conversion to PDF: each engine that writes PDF declares it in
// its options schema, and the PDF is then made PDF/A-2b whatever wrote it (./pdfa.ts, run by the
// pipeline after the engine).

export const pdfaOption = z.boolean().default(false).meta({
  description: '`true` writes PDF/A-2b (archival): every font embedded, an sRGB output intent, declared in XMP',
});

/** The options of a conversion to PDF whose engine has no setting of its own. */
export const PdfOutputOptions = z
  .strictObject({ pdfa: pdfaOption })
  .meta({ id: 'PdfOutputOptions', description: 'Options of a PDF written by an engine with no settings of its own' });

/** For an engine whose only option is `pdfa`, on its pairs to PDF. */
export const pdfOutputOptions: EngineOptions<typeof PdfOutputOptions> = {
  schema: PdfOutputOptions,
  names: (_from, to) => (to === 'pdf' ? ['pdfa'] : []),
};
