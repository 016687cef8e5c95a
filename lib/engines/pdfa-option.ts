import { z } from 'zod';

// The one `pdfa` option of every conversion to PDF: each engine that writes PDF declares it in
// its options schema, and the PDF is then made PDF/A-2b whatever wrote it.

export const pdfaOption = z
  .boolean()
  .default(false)
  .meta({ description: '`true` writes PDF/A-2b (archival): every font embedded, an sRGB output intent, declared in XMP' });
