import type { FormatName } from '@/lib/formats/catalog';

// Which LibreOffice filter reads and writes each format, per application (names from the filter
// registry in /usr/lib/libreoffice/share/registry/*.xcd, LibreOffice 7.4). Both are always named:
// LibreOffice never re-detects an input, so a file only reaches the filter of the format its bytes proved.

type Filter = { name: string; options?: string };
export type App = 'writer' | 'calc' | 'impress' | 'draw';

// comma, ", UTF-8, from row 1; on export also: language 0, quote only where needed (token 7 false).
const CSV_IN: Filter = { name: 'Text - txt - csv (StarCalc)', options: '44,34,76,1' };
const CSV_OUT: Filter = { name: 'Text - txt - csv (StarCalc)', options: '44,34,76,1,,0,false,true,true' };
const TEXT: Filter = { name: 'Text (encoded)', options: 'UTF8,LF' };
const f = (name: string): Filter => ({ name });

type Filters = Partial<Record<FormatName, Filter>>;

/** The filters that both read and write their format, the same name either way. */
const READ_WRITE: Record<App, Filters> = {
  writer: {
    docx: f('MS Word 2007 XML'),
    doc: f('MS Word 97'),
    odt: f('writer8'),
    rtf: f('Rich Text Format'),
    txt: TEXT,
    html: f('HTML (StarWriter)'),
    dot: f('MS Word 97 Vorlage'),
    dotx: f('MS Word 2007 XML Template'),
    docm: f('MS Word 2007 XML VBA'),
    ott: f('writer8_template'),
    fodt: f('OpenDocument Text Flat XML'),
    wordml: f('MS Word 2003 XML'),
    uot: f('UOF text'),
  },
  calc: {
    xlsx: f('Calc MS Excel 2007 XML'),
    xls: f('MS Excel 97'),
    ods: f('calc8'),
    xlt: f('MS Excel 97 Vorlage/Template'),
    xltx: f('Calc MS Excel 2007 XML Template'),
    xlsm: f('Calc MS Excel 2007 VBA XML'),
    ots: f('calc8_template'),
    fods: f('OpenDocument Spreadsheet Flat XML'),
    dif: f('DIF'),
    slk: f('SYLK'),
    dbf: { name: 'dBase', options: '76' },
    uos: f('UOF spreadsheet'),
  },
  impress: {
    pptx: f('Impress MS PowerPoint 2007 XML'),
    ppt: f('MS PowerPoint 97'),
    odp: f('impress8'),
    pot: f('MS PowerPoint 97 Vorlage'),
    pps: f('MS PowerPoint 97 AutoPlay'),
    potx: f('Impress MS PowerPoint 2007 XML Template'),
    pptm: f('Impress MS PowerPoint 2007 XML VBA'),
    otp: f('impress8_template'),
    fodp: f('OpenDocument Presentation Flat XML'),
    uop: f('UOF presentation'),
  },
  draw: {
    odg: f('draw8'),
    otg: f('draw8_template'),
    fodg: f('OpenDocument Drawing Flat XML'),
  },
};

/** Import filters: the input formats of each application. */
export const IMPORT: Record<App, Filters> = {
  writer: {
    ...READ_WRITE.writer,
    dotm: f('MS Word 2007 XML Template'),
    sxw: f('StarOffice XML (Writer)'),
    stw: f('writer_StarOffice_XML_Writer_Template'),
    // Its PDF import places every line in a text frame: the layout is kept, the text does not reflow.
    pdf: f('writer_pdf_import'),
  },
  calc: {
    ...READ_WRITE.calc,
    csv: CSV_IN,
    xltm: f('Calc MS Excel 2007 XML Template'),
    sxc: f('StarOffice XML (Calc)'),
    spreadsheetml: f('MS Excel 2003 XML Orcus'),
    stc: f('calc_StarOffice_XML_Calc_Template'),
  },
  impress: {
    ...READ_WRITE.impress,
    potm: f('Impress MS PowerPoint 2007 XML Template'),
    ppsx: f('Impress MS PowerPoint 2007 XML AutoPlay'),
    ppsm: f('Impress MS PowerPoint 2007 XML AutoPlay'),
    sxi: f('StarOffice XML (Impress)'),
  },
  draw: {
    ...READ_WRITE.draw,
    sxd: f('StarOffice XML (Draw)'),
    emf: f('emf_Import'),
    wmf: f('wmf_Import'),
  },
};

/** Export filters: the targets of each application. */
export const EXPORT: Record<App, Filters> = {
  // One self-contained file: pictures, shapes and charts as data: URIs, not files beside the page.
  writer: {
    ...READ_WRITE.writer,
    html: { name: 'HTML (StarWriter)', options: 'EmbedImages' },
    pdf: f('writer_pdf_Export'),
  },
  calc: {
    ...READ_WRITE.calc,
    pdf: f('calc_pdf_Export'),
    csv: CSV_OUT,
    spreadsheetml: f('MS Excel 2003 XML'),
  },
  impress: { ...READ_WRITE.impress, pdf: f('impress_pdf_Export') },
  draw: {
    ...READ_WRITE.draw,
    pdf: f('draw_pdf_Export'),
    svg: f('draw_svg_Export'),
    png: f('draw_png_Export'),
    emf: f('draw_emf_Export'),
    wmf: f('draw_wmf_Export'),
  },
};

/**
 * Formats that hold one table: a workbook goes out to them sheet by sheet (./sheets.ts), and as
 * inputs they have one sheet only.
 */
export const ONE_TABLE: ReadonlySet<FormatName> = new Set(['csv', 'dif', 'slk', 'dbf']);

/** The only targets of an input (a PDF import makes sense for these). */
const ONLY: Partial<Record<FormatName, readonly FormatName[]>> = { pdf: ['docx', 'odt'] };
/**
 * Pairs that fail in LibreOffice 7.4 (the format matrix found them): Excel 97's import does not
 * survive the 2003 XML export, and a UOF text document does not export to PDF (a write error).
 */
const NEVER: Partial<Record<FormatName, readonly FormatName[]>> = {
  xls: ['spreadsheetml'],
  xlt: ['spreadsheetml'],
  uot: ['pdf'],
};

const APPS = Object.keys(IMPORT) as App[];

export const appOf = (format: FormatName): App | undefined => APPS.find((app) => IMPORT[app][format]);

/** The engine's pairs: every input of an application to every target it writes (but itself). */
export const OFFICE_PAIRS = APPS.flatMap((app) =>
  (Object.keys(IMPORT[app]) as FormatName[]).map((from) => ({
    from: [from],
    to: (Object.keys(EXPORT[app]) as FormatName[]).filter(
      (to) => to !== from && (ONLY[from] ?? [to]).includes(to) && !NEVER[from]?.includes(to),
    ),
  })),
);
