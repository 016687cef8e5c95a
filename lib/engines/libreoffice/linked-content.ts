import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { AppError, isAppError } from '@/lib/errors';

// Finds content that a document would make LibreOffice load from elsewhere (a file, a URL, another
// program), so inspect can refuse it before LibreOffice runs. Hyperlinks stay allowed: they are
// text, nothing is fetched. Word fields are allow-listed by type, so a field LibreOffice would
// resolve (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DATABASE…) or one we cannot read is refused.
// The sandbox's view (system-view.ts) is the second wall behind this one.

/** A name from the document, shown in the message only if it is short and plain. */
const label = (name: string, fallback: string) => (/^[A-Za-z=][\w.-]{0,39}$/.test(name) ? name : fallback);

export const refuseLinked = (what: string) =>
  new AppError(
    'linked_content',
    `The document loads content from outside itself (${what}); such documents are not converted.`,
  );

/** Word field types that only compute from the document itself. */
const SAFE_FIELDS = new Set(
  (
    'ADDRESSBLOCK ADVANCE ASK AUTHOR AUTONUM AUTONUMLGL AUTONUMOUT AUTOTEXT AUTOTEXTLIST BARCODE BIBLIOGRAPHY ' +
    'CITATION COMMENTS COMPARE CONTROL CREATEDATE DATE DISPLAYBARCODE DOCPROPERTY DOCVARIABLE EDITTIME EMBED EQ ' +
    'FILENAME FILESIZE FILLIN FORMCHECKBOX FORMDROPDOWN FORMTEXT GOTOBUTTON GREETINGLINE HYPERLINK IF INDEX INFO ' +
    'KEYWORDS LASTSAVEDBY LISTNUM MACROBUTTON MERGEBARCODE MERGEFIELD MERGEREC MERGESEQ NEXT NEXTIF NOTEREF NUMCHARS ' +
    'NUMPAGES NUMWORDS PAGE PAGEREF PRINT PRINTDATE PRIVATE QUOTE REF REVNUM SAVEDATE SECTION SECTIONPAGES SEQ SET ' +
    'SHAPE SKIPIF STYLEREF SUBJECT SYMBOL TA TC TEMPLATE TIME TITLE TOA TOC USERADDRESS USERINITIALS USERNAME XE ='
  ).split(' '),
);

/** Enough of an instruction to read its type (the first word). */
export const MAX_INSTRUCTION = 1000;

/** Refuses a field instruction whose type is not known to be self-contained. */
export function checkFieldInstruction(instruction: string): void {
  if (instruction.trim() === '') return; // only nested fields, each checked on its own
  // Readers accept a quoted type ("INCLUDEPICTURE" …): the quotes are not part of it.
  const type = /^\s*"?\s*(=|[^\s\\"]*)/.exec(instruction)?.[1] ?? '';
  if (!SAFE_FIELDS.has(type.toUpperCase())) refuseField(type);
}
const refuseField = (type: string): never => {
  throw refuseLinked(`field ${label(type, '(unreadable)')}`);
};

// ——— XML parts of OOXML and ODF packages ———

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XLINK = 'http://www.w3.org/1999/xlink';
const ODF_TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const ODF_DRAW = 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0';
const ODF_OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const ODF_TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';

// The same vocabulary in StarOffice / OpenOffice.org 1.x packages (sxw, sxc…), under its own namespaces.
const OOO_TEXT = 'http://openoffice.org/2000/text';
const OOO_DRAW = 'http://openoffice.org/2000/drawing';
const OOO_OFFICE = 'http://openoffice.org/2000/office';
const OOO_TABLE = 'http://openoffice.org/2000/table';

/** Elements whose xlink:href is a link the reader clicks, not content that is loaded. */
const ODF_HYPERLINKS = new Set([`${ODF_TEXT} a`, `${ODF_DRAW} a`, `${OOO_TEXT} a`, `${OOO_DRAW} a`]);
const ODF_DDE = new Set(
  [
    [ODF_TEXT, ODF_OFFICE, ODF_TABLE],
    [OOO_TEXT, OOO_OFFICE, OOO_TABLE],
  ].flatMap(([text, office, table]) => [`${text} dde-connection-decl`, `${office} dde-source`, `${table} dde-link`]),
);
/**
 * The document types OpenOffice.org 1.x wrote at the top of every part: a public identifier and a
 * relative system one, no internal subset (so no entities). Nothing loads them; any other is refused.
 */
const OOO_DOCTYPE =
  /^\s*(office:document(-content|-styles|-meta|-settings)?\s+PUBLIC\s+"-\/\/OpenOffice\.org\/\/DTD OfficeDocument 1\.0\/\/EN"\s+"office\.dtd"|manifest:manifest\s+PUBLIC\s+"-\/\/OpenOffice\.org\/\/DTD Manifest 1\.0\/\/EN"\s+"Manifest\.dtd")\s*$/;

const hasScheme = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href.trim());
/** An ODF reference to a part of the same package: relative, no scheme, never climbing out with "..". */
const insidePackage = (href: string) =>
  href !== '' && !hasScheme(href) && !/^[/\\]/.test(href) && !href.split(/[/\\]/).includes('..');

/**
 * Which rules apply: OOXML, ODF or its StarOffice predecessor (every XML entry of the package is
 * checked, whatever its name), or a single-file Word / Excel 2003 XML or Uniform Office Format document.
 */
export type PackageKind = 'ooxml' | 'odf' | 'staroffice' | 'wordml' | 'spreadsheetml' | 'uof';

const W2003 = 'http://schemas.microsoft.com/office/word/2003/wordml';
const MS_OFFICE = 'urn:schemas-microsoft-com:office:office';
const SS2003 = 'urn:schemas-microsoft-com:office:spreadsheet';
const UOF = 'http://schemas.uof.org/cn/2003/uof';
/** UOF's "path" of an object: LibreOffice's import makes it a link loaded with the document. */
const UOF_PATH = '\u8def\u5f84'; // 路径
/** A formula naming another workbook ([Book.xls]Sheet!A1; R1C1's relative [-1] is not one) or a DDE source (App|Topic). */
const EXTERNAL_FORMULA = /\[[^\]\d-][^\]]*\]|\|/;

/**
 * A streaming checker for one entry of a package: write() its bytes, then end(). Entries that do
 * not start like XML (images, binaries) are skipped; a malformed XML entry throws (the package is
 * then refused as corrupt). Throws AppError('linked_content') on linked content.
 */
export function xmlPartChecker(kind: PackageKind): { write: (chunk: Buffer) => void; end: () => void } {
  const parser = new SaxesParser({ xmlns: true });
  const fields: { instruction: string; inResult: boolean }[] = [];
  let inInstrText = false;
  parser.on('doctype', (doctype) => {
    if (kind !== 'staroffice' || !OOO_DOCTYPE.test(doctype)) throw refuseLinked('a document type declaration');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const key = `${tag.uri} ${tag.local}`;
    const attr = (local: string, uri = '') =>
      Object.values(tag.attributes).find((a) => a.local === local && a.uri === uri)?.value;
    if (kind === 'ooxml' && key === `${RELS} Relationship`) {
      const type = attr('Type') ?? '';
      const target = attr('Target') ?? '';
      const external =
        (attr('TargetMode') ?? '').toLowerCase() === 'external' || hasScheme(target) || target.startsWith('\\\\');
      if (external && !/\/hyperlink$/i.test(type))
        throw refuseLinked(`an external ${label(type.split('/').pop() ?? '', 'relationship')}`);
    } else if ((kind === 'ooxml' && tag.uri === W) || (kind === 'wordml' && tag.uri === W2003)) {
      if (tag.local === 'fldSimple') checkFieldInstruction(attr('instr', tag.uri) ?? '');
      else if (tag.local === 'instrText') inInstrText = true;
      else if (tag.local === 'fldChar') {
        const type = attr('fldCharType', tag.uri);
        if (type === 'begin') fields.push({ instruction: '', inResult: false });
        else if (type === 'separate' && fields.length) fields[fields.length - 1].inResult = true;
        else if (type === 'end') checkFieldInstruction(fields.pop()?.instruction ?? '');
      }
    } else if (kind === 'ooxml' && (tag.local === 'ddeLink' || tag.local === 'oleLink')) {
      throw refuseLinked(`a ${label(tag.local, 'link')}`);
    } else if (kind === 'wordml' && key === `${MS_OFFICE} OLEObject` && attr('Type') !== 'Embed') {
      throw refuseLinked('a linked OLE object');
    } else if (kind === 'uof' && key === `${UOF} ${UOF_PATH}`) {
      throw refuseLinked('a linked object');
    } else if (kind === 'spreadsheetml') {
      if (EXTERNAL_FORMULA.test(attr('Formula', SS2003) ?? '')) throw refuseLinked('a formula reading another file');
    } else if (kind === 'odf' || kind === 'staroffice') {
      if (ODF_DDE.has(key)) throw refuseLinked('a DDE link');
      const href = attr('href', XLINK);
      if (href !== undefined && !ODF_HYPERLINKS.has(key) && !insidePackage(href))
        throw refuseLinked(`a linked ${label(tag.local, 'object')}`);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'instrText') inInstrText = false;
  });
  parser.on('text', (text) => {
    const field = fields[fields.length - 1];
    if (inInstrText && field && !field.inResult && field.instruction.length < MAX_INSTRUCTION)
      field.instruction += text;
  });
  // UTF-8 unless the part starts with a UTF-16 byte-order mark (both are allowed in OOXML and ODF).
  // Whether it is XML at all is decided by its first byte that is not a space: "<", or a NUL as
  // UTF-16/32 without a mark would start (parsed, so refused as malformed). Anything else is data.
  let decoder: TextDecoder | undefined;
  let skip = false;
  return {
    write(chunk) {
      if (skip) return;
      if (!decoder) {
        const utf16 =
          chunk[0] === 0xff && chunk[1] === 0xfe
            ? 'utf-16le'
            : chunk[0] === 0xfe && chunk[1] === 0xff
              ? 'utf-16be'
              : undefined;
        if (!utf16) {
          const bom = chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
          let i = bom;
          while (i < chunk.length && [0x20, 0x09, 0x0d, 0x0a].includes(chunk[i])) i++;
          if (i === chunk.length) return; // only spaces so far: decide on the next chunk
          if (chunk[i] !== 0x3c && chunk[i] !== 0x00) return void (skip = true);
          chunk = chunk.subarray(i);
        }
        decoder = new TextDecoder(utf16 ?? 'utf-8');
      }
      parser.write(decoder.decode(chunk, { stream: true }));
    },
    end() {
      if (skip || !decoder) return; // not XML, or empty
      parser.write(decoder.decode());
      parser.close();
      // A field left open at the end still counts (Word ends it with the paragraph).
      for (const f of fields) checkFieldInstruction(f.instruction);
    },
  };
}

/**
 * A single-file XML document (flat OpenDocument) streamed through the same checker as a package's
 * parts: linked content and document type declarations (entity expansion) are refused, and so is
 * malformed XML.
 */
export async function assertSafeXmlFile(file: string, kind: PackageKind): Promise<void> {
  const checker = xmlPartChecker(kind);
  try {
    for await (const chunk of createReadStream(file)) checker.write(chunk as Buffer);
    checker.end();
  } catch (e) {
    if (isAppError(e)) throw e;
    throw new AppError('unsupported_format', 'The document is not well-formed XML.', { cause: e });
  }
}
