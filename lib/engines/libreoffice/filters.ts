import type { FormatName } from '@/lib/formats/catalog';

// Which LibreOffice filter reads and writes each format, per application (names from the filter
// registry in /usr/lib/libreoffice/share/registry/*.xcd, LibreOffice 7.4). Both are always named:
// LibreOffice never re-detects an input, so a file only reaches the filter of the format its bytes proved.

export type Filter = { name: string; options?: string };
export type App = 'writer' | 'calc' | 'impress' | 'draw';

// comma, ", UTF-8, from row 1; on export also: language 0, quote only where needed (token 7 false).
const CSV_IN: Filter = { name: 'Text - txt - csv (StarCalc)', options: '44,34,76,1' };
const CSV_OUT: Filter = { name: 'Text - txt - csv (StarCalc)', options: '44,34,76,1,,0,false,true,true' };
const TEXT: Filter = { name: 'Text (encoded)', options: 'UTF8,LF' };
const f = (name: string): Filter => ({ name });

/** Import filters: the input formats of each application. */
export const IMPORT: Record<App, Partial<Record<FormatName, Filter>>> = {
  writer: {
    docx: f('MS Word 2007 XML'),
    doc: f('MS Word 97'),
    odt: f('writer8'),
    rtf: f('Rich Text Format'),
    txt: TEXT,
    html: f('HTML (StarWriter)'),
    dot: f('MS Word 97 Vorlage'),
    dotx: f('MS Word 2007 XML Template'),
    dotm: f('MS Word 2007 XML Template'),
    docm: f('MS Word 2007 XML VBA'),
    ott: f('writer8_template'),
    fodt: f('OpenDocument Text Flat XML'),
    sxw: f('StarOffice XML (Writer)'),
    wordml: f('MS Word 2003 XML'),
    uot: f('UOF text'),
    stw: f('writer_StarOffice_XML_Writer_Template'),
    // Its PDF import places every line in a text frame: the layout is kept, the text does not reflow.
    pdf: f('writer_pdf_import'),
  },
  calc: {
    xlsx: f('Calc MS Excel 2007 XML'),
    xls: f('MS Excel 97'),
    ods: f('calc8'),
    csv: CSV_IN,
    xlt: f('MS Excel 97 Vorlage/Template'),
    xltx: f('Calc MS Excel 2007 XML Template'),
    xltm: f('Calc MS Excel 2007 XML Template'),
    xlsm: f('Calc MS Excel 2007 VBA XML'),
    ots: f('calc8_template'),
    fods: f('OpenDocument Spreadsheet Flat XML'),
    dif: f('DIF'),
    slk: f('SYLK'),
    dbf: { name: 'dBase', options: '76' },
    sxc: f('StarOffice XML (Calc)'),
    spreadsheetml: f('MS Excel 2003 XML Orcus'),
    uos: f('UOF spreadsheet'),
    stc: f('calc_StarOffice_XML_Calc_Template'),
  },
  impress: {
    pptx: f('Impress MS PowerPoint 2007 XML'),
    ppt: f('MS PowerPoint 97'),
    odp: f('impress8'),
    pot: f('MS PowerPoint 97 Vorlage'),
    pps: f('MS PowerPoint 97 AutoPlay'),
    potx: f('Impress MS PowerPoint 2007 XML Template'),
    potm: f('Impress MS PowerPoint 2007 XML Template'),
    pptm: f('Impress MS PowerPoint 2007 XML VBA'),
    ppsx: f('Impress MS PowerPoint 2007 XML AutoPlay'),
    ppsm: f('Impress MS PowerPoint 2007 XML AutoPlay'),
    otp: f('impress8_template'),
    fodp: f('OpenDocument Presentation Flat XML'),
    sxi: f('StarOffice XML (Impress)'),
    uop: f('UOF presentation'),
  },
  draw: {
    odg: f('draw8'),
    otg: f('draw8_template'),
    fodg: f('OpenDocument Drawing Flat XML'),
    sxd: f('StarOffice XML (Draw)'),
    emf: f('emf_Import'),
    wmf: f('wmf_Import'),
  },
};

/** Export filters: the targets of each application. */
export const EXPORT: Record<App, Partial<Record<FormatName, Filter>>> = {
  writer: {
    pdf: f('writer_pdf_Export'),
    docx: f('MS Word 2007 XML'),
    odt: f('writer8'),
    rtf: f('Rich Text Format'),
    txt: TEXT,
    html: f('HTML (StarWriter)'),
    doc: f('MS Word 97'),
    dot: f('MS Word 97 Vorlage'),
    dotx: f('MS Word 2007 XML Template'),
    docm: f('MS Word 2007 XML VBA'),
    ott: f('writer8_template'),
    fodt: f('OpenDocument Text Flat XML'),
    wordml: f('MS Word 2003 XML'),
    uot: f('UOF text'),
  },
  calc: {
    pdf: f('calc_pdf_Export'),
    xlsx: f('Calc MS Excel 2007 XML'),
    ods: f('calc8'),
    csv: CSV_OUT,
    xls: f('MS Excel 97'),
    xlt: f('MS Excel 97 Vorlage/Template'),
    xltx: f('Calc MS Excel 2007 XML Template'),
    xlsm: f('Calc MS Excel 2007 VBA XML'),
    ots: f('calc8_template'),
    fods: f('OpenDocument Spreadsheet Flat XML'),
    dif: f('DIF'),
    slk: f('SYLK'),
    dbf: { name: 'dBase', options: '76' },
    spreadsheetml: f('MS Excel 2003 XML'),
    uos: f('UOF spreadsheet'),
  },
  impress: {
    pdf: f('impress_pdf_Export'),
    pptx: f('Impress MS PowerPoint 2007 XML'),
    odp: f('impress8'),
    ppt: f('MS PowerPoint 97'),
    pot: f('MS PowerPoint 97 Vorlage'),
    pps: f('MS PowerPoint 97 AutoPlay'),
    potx: f('Impress MS PowerPoint 2007 XML Template'),
    pptm: f('Impress MS PowerPoint 2007 XML VBA'),
    otp: f('impress8_template'),
    fodp: f('OpenDocument Presentation Flat XML'),
    uop: f('UOF presentation'),
  },
  draw: {
    pdf: f('draw_pdf_Export'),
    odg: f('draw8'),
    otg: f('draw8_template'),
    fodg: f('OpenDocument Drawing Flat XML'),
    svg: f('draw_svg_Export'),
    png: f('draw_png_Export'),
    emf: f('draw_emf_Export'),
    wmf: f('draw_wmf_Export'),
  },
};

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

export const APPS = Object.keys(IMPORT) as App[];

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
