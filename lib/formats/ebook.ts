import { ascii } from './bytes';
import { recordsOf } from './format-record';
import { xmlRootIs } from './text-sniff';

// E-books and comic archives. Most e-book formats have a magic at the start; Palm databases
// (MOBI, AZW3, PalmDoc…) name their type and creator at offset 60. Zipped e-books and comics are
// ZIP, 7z, TAR or RAR archives: the name chooses among what the archive's entries allow.

const ebook = recordsOf('ebook');

/** Palm database type+creator pairs calibre reads as e-books (PalmDoc, eReader, zTXT, Plucker, Haodoo). */
const PALM_EBOOKS = new Set(['TEXtREAd', 'PNRdPPrs', 'zTXTGPlm', 'DataPlkr', 'BOOKMTIT', 'BOOKMTIU']);

/** A Palm database header: a NUL-terminated name, then at least one record whose offset is past the list. */
function palmType(head: Buffer): string | null {
  if (head.length < 86 || !head.subarray(0, 32).includes(0)) return null;
  const records = head.readUInt16BE(76);
  if (records === 0 || head.readUInt32BE(78) < 78 + 8 * records) return null;
  return head.subarray(60, 68).toString('latin1');
}

/** MOBI: the header in record 0 gives the file version; 8 is KF8 alone (AZW3), below is Mobipocket. */
function mobiVersion(head: Buffer): number | null {
  if (palmType(head) !== 'BOOKMOBI') return null;
  const rec0 = head.readUInt32BE(78);
  if (rec0 + 40 > head.length || !ascii(head, 'MOBI', rec0 + 16)) return null;
  return head.readUInt32BE(rec0 + 36);
}

const IMAGE = /\.(jpe?g|png|gif|webp|bmp|tiff?)$/i;
/** Entries a comic may carry besides its pages (ComicRack metadata, notes). */
const COMIC_EXTRA = /(^|\/)(comicinfo\.xml|[^/]*\.(txt|nfo|xml))$/i;

/**
 * What a ZIP's entries allow the name to choose. Only the entries in the head are seen: when the
 * central directory is not in it either (a large cover or page first), the rest may hold what is
 * looked for, and the name alone chooses (the converter then finds out).
 */
const zipped = (entry: RegExp) => ({
  container: 'zip' as const,
  zipEntries: (files: readonly string[], seenAll: boolean) => !seenAll || files.some((n) => entry.test(n)),
});

/** Other archives hold comics only: the name chooses, the comic engine checks the pages. */
const comicIn = (fileType: string, ext: string) => ({
  refines: { fileType: [fileType], when: (_b: Buffer, e: string) => e === ext },
});

export const EBOOK = {
  fb2: ebook('application/x-fictionbook+xml', 'FictionBook', 'fb2', {
    detect: { text: xmlRootIs(/^<fictionbook[\s>]/) },
  }),
  epub: ebook('application/epub+zip', 'EPUB e-book', 'epub', { detect: { fileType: ['epub'] } }),
  // file-type knows MOBI but not KF8: the version in the MOBI header tells them apart.
  mobi: ebook('application/x-mobipocket-ebook', 'Mobipocket (Kindle) e-book', 'mobi', {
    aliases: ['azw', 'prc'],
    detect: { signature: (b) => (mobiVersion(b) ?? 8) < 8 },
  }),
  azw3: ebook('application/vnd.amazon.mobi8-ebook', 'Kindle KF8 (AZW3) e-book', 'azw3', {
    detect: { signature: (b) => (mobiVersion(b) ?? 0) >= 8 },
  }),
  lit: ebook('application/x-ms-reader', 'Microsoft Reader e-book', 'lit', {
    detect: { signature: (b) => ascii(b, 'ITOLITLS') },
  }),
  lrf: ebook('application/x-sony-bbeb', 'Sony BBeB (LRF) e-book', 'lrf', {
    detect: { signature: (b) => ascii(b, 'L\0R\0F\0\0\0') },
  }),
  pdb: ebook('application/vnd.palm', 'Palm e-book (PalmDoc, eReader, zTXT)', 'pdb', {
    detect: { signature: (b) => PALM_EBOOKS.has(palmType(b) ?? '') },
  }),
  // Palm Markup Language is plain text with \-commands: only the name tells it.
  pml: ebook('text/x-pml; charset=utf-8', 'Palm Markup Language', 'pml', { detect: { textNames: ['pml'] } }),
  pmlz: ebook('application/x-pmlz', 'Zipped Palm Markup Language', 'pmlz', { detect: zipped(/\.pml$/i) }),
  rb: ebook('application/x-rocketbook', 'Rocket e-book', 'rb', {
    detect: { signature: (b) => ascii(b, '\xb0\x0c\xb0\x0c\x02\0NUVO') },
  }),
  snb: ebook('application/x-snb', 'Shanda Bambook e-book', 'snb', {
    detect: { signature: (b) => ascii(b, 'SNBP000B') },
  }),
  tcr: ebook('application/x-tcr', 'Psion TCR e-book', 'tcr', { detect: { signature: (b) => ascii(b, '!!8-Bit!!') } }),
  txtz: ebook('application/x-txtz', 'Zipped text e-book (TXTZ)', 'txtz', {
    detect: zipped(/\.(txt|text|md|markdown|textile)$/i),
  }),
  htmlz: ebook('application/x-htmlz', 'Zipped HTML e-book (HTMLZ)', 'htmlz', { detect: zipped(/^[^/]+\.x?html?$/i) }),
  fbz: ebook('application/x-zip-compressed-fb2', 'Zipped FictionBook', 'fbz', { detect: zipped(/\.fb2$/i) }),
  cbz: ebook('application/vnd.comicbook+zip', 'Comic book archive (ZIP)', 'cbz', {
    detect: {
      container: 'zip',
      zipEntries: (files) =>
        files.some((n) => IMAGE.test(n)) && files.every((n) => IMAGE.test(n) || COMIC_EXTRA.test(n)),
    },
  }),
  cb7: ebook('application/x-cb7', 'Comic book archive (7z)', 'cb7', { detect: comicIn('7z', 'cb7') }),
  cbt: ebook('application/x-cbt', 'Comic book archive (TAR)', 'cbt', { detect: comicIn('tar', 'cbt') }),
  cbr: ebook('application/vnd.comicbook-rar', 'Comic book archive (RAR)', 'cbr', { detect: comicIn('rar', 'cbr') }),
} as const;
