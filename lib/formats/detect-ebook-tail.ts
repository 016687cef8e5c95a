import type { FormatName } from './catalog';
import type { TailDetector } from './detect-tail';
import { zipEntryNames } from './zip-entries';

// Recognising e-books, DjVu and comic archives (see ./detect-tail.ts for the rules). Most e-book
// formats have a magic at the start; Palm databases (MOBI, AZW3, PalmDoc…) name their type and
// creator at offset 60. Zipped e-books and comics are ZIP, 7z, TAR or RAR archives: the name
// chooses among what the archive's entries allow.

const ascii = (head: Buffer, s: string, at = 0) => head.subarray(at, at + s.length).toString('latin1') === s;

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
function mobiKind(head: Buffer): FormatName | null {
  const rec0 = head.readUInt32BE(78);
  if (rec0 + 40 > head.length || !ascii(head, 'MOBI', rec0 + 16)) return null;
  return head.readUInt32BE(rec0 + 36) >= 8 ? 'azw3' : 'mobi';
}

function binary(head: Buffer): FormatName | null {
  if (ascii(head, 'AT&TFORM') && (ascii(head, 'DJVU', 12) || ascii(head, 'DJVM', 12))) return 'djvu';
  if (ascii(head, 'ITOLITLS')) return 'lit';
  if (ascii(head, 'L\0R\0F\0\0\0')) return 'lrf';
  if (ascii(head, '\xb0\x0c\xb0\x0c\x02\0NUVO')) return 'rb';
  if (ascii(head, 'SNBP000B')) return 'snb';
  if (ascii(head, '!!8-Bit!!')) return 'tcr';
  const type = palmType(head);
  if (type === 'BOOKMOBI') return mobiKind(head);
  return type && PALM_EBOOKS.has(type) ? 'pdb' : null;
}

const IMAGE = /\.(jpe?g|png|gif|webp|bmp|tiff?)$/i;
/** Entries a comic may carry besides its pages (ComicRack metadata, notes). */
const COMIC_EXTRA = /(^|\/)(comicinfo\.xml|[^/]*\.(txt|nfo|xml))$/i;

/**
 * What a ZIP's entries allow the name to choose. Only the entries in the head are seen: when the
 * central directory is not in it either (a large cover or page first), the rest may hold what is
 * looked for, and the name alone chooses (the converter then finds out).
 */
const ZIPPED: Partial<Record<string, (files: string[], seenAll: boolean) => boolean>> = {
  cbz: (files) => files.some((n) => IMAGE.test(n)) && files.every((n) => IMAGE.test(n) || COMIC_EXTRA.test(n)),
  htmlz: (files, seenAll) => !seenAll || files.some((n) => /^[^/]+\.x?html?$/i.test(n)),
  txtz: (files, seenAll) => !seenAll || files.some((n) => /\.(txt|text|md|markdown|textile)$/i.test(n)),
  pmlz: (files, seenAll) => !seenAll || files.some((n) => /\.pml$/i.test(n)),
  fbz: (files, seenAll) => !seenAll || files.some((n) => /\.fb2$/i.test(n)),
};
const CENTRAL_DIRECTORY = Buffer.from('504b0102', 'hex');

/** Other archives hold comics only: the name chooses, the comic engine checks the pages. */
const COMIC_ARCHIVE: Record<string, FormatName> = { '7z': 'cb7', tar: 'cbt', rar: 'cbr' };

function byFileType(ftExt: string, ext: string, head: Buffer): FormatName | null {
  if (ftExt === 'zip') {
    const allows = ZIPPED[ext];
    const files = zipEntryNames(head).filter((n) => !n.endsWith('/'));
    const seenAll = head.includes(CENTRAL_DIRECTORY);
    return allows?.(files, seenAll) ? (ext as FormatName) : null;
  }
  const comic = COMIC_ARCHIVE[ftExt];
  return comic && ext === comic ? comic : null;
}

export const EBOOK_DETECTOR: TailDetector = {
  // file-type knows MOBI but not KF8: the binary signature above tells them apart.
  binary,
  byFileType,
  // Palm Markup Language is plain text with \-commands: only the name tells it.
  text: (_raw, _start, ext) => (ext === 'pml' ? 'pml' : null),
};
