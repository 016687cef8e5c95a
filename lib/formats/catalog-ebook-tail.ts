import type { FormatInfo } from './catalog';
import { familyEntry } from './family-entry';

// More formats (issue 13): e-books (calibre), DjVu and comic archives. Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

const ebook = familyEntry('ebook');

export const EBOOK_TAIL = {
  mobi: ebook('application/x-mobipocket-ebook', 'Mobipocket (Kindle) e-book', 'mobi'),
  azw3: ebook('application/vnd.amazon.mobi8-ebook', 'Kindle KF8 (AZW3) e-book', 'azw3'),
  lit: ebook('application/x-ms-reader', 'Microsoft Reader e-book', 'lit'),
  lrf: ebook('application/x-sony-bbeb', 'Sony BBeB (LRF) e-book', 'lrf'),
  pdb: ebook('application/vnd.palm', 'Palm e-book (PalmDoc, eReader, zTXT)', 'pdb'),
  pml: ebook('text/x-pml; charset=utf-8', 'Palm Markup Language', 'pml'),
  pmlz: ebook('application/x-pmlz', 'Zipped Palm Markup Language', 'pmlz'),
  rb: ebook('application/x-rocketbook', 'Rocket e-book', 'rb'),
  snb: ebook('application/x-snb', 'Shanda Bambook e-book', 'snb'),
  tcr: ebook('application/x-tcr', 'Psion TCR e-book', 'tcr'),
  txtz: ebook('application/x-txtz', 'Zipped text e-book (TXTZ)', 'txtz'),
  htmlz: ebook('application/x-htmlz', 'Zipped HTML e-book (HTMLZ)', 'htmlz'),
  fbz: ebook('application/x-zip-compressed-fb2', 'Zipped FictionBook', 'fbz'),
  cbz: ebook('application/vnd.comicbook+zip', 'Comic book archive (ZIP)', 'cbz'),
  cb7: ebook('application/x-cb7', 'Comic book archive (7z)', 'cb7'),
  cbt: ebook('application/x-cbt', 'Comic book archive (TAR)', 'cbt'),
  cbr: ebook('application/vnd.comicbook-rar', 'Comic book archive (RAR)', 'cbr'),
  djvu: { family: 'document', mime: 'image/vnd.djvu', label: 'DjVu document', extension: 'djvu' },
} as const satisfies Record<string, FormatInfo>;
