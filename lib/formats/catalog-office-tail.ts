import type { FormatInfo } from './catalog';
import { familyEntry } from './family-entry';

// More formats (issue 13): office documents (LibreOffice's variants, templates and Draw). Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

const doc = familyEntry('document');
const sheet = familyEntry('spreadsheet');
const show = familyEntry('presentation');
const drawing = familyEntry('vector');

const OOXML = 'application/vnd.openxmlformats-officedocument';
const ODF = 'application/vnd.oasis.opendocument';

export const OFFICE_TAIL = {
  // Writer
  dot: doc('application/msword', 'Word 97-2003 template', 'dot'),
  dotx: doc(`${OOXML}.wordprocessingml.template`, 'Word template', 'dotx'),
  dotm: doc('application/vnd.ms-word.template.macroEnabled.12', 'Word macro-enabled template', 'dotm'),
  docm: doc('application/vnd.ms-word.document.macroEnabled.12', 'Word macro-enabled document', 'docm'),
  ott: doc(`${ODF}.text-template`, 'OpenDocument text template', 'ott'),
  fodt: doc(`${ODF}.text-flat-xml`, 'Flat OpenDocument text', 'fodt'),
  wordml: doc('application/xml', 'Word 2003 XML document', 'xml'),
  uot: doc('application/vnd.uof.text', 'Uniform Office Format text', 'uot'),
  sxw: doc('application/vnd.sun.xml.writer', 'StarOffice/OpenOffice.org 1 text', 'sxw'),
  stw: doc('application/vnd.sun.xml.writer.template', 'StarOffice/OpenOffice.org 1 text template', 'stw'),
  // Calc
  xlt: sheet('application/vnd.ms-excel', 'Excel 97-2003 template', 'xlt'),
  xltx: sheet(`${OOXML}.spreadsheetml.template`, 'Excel template', 'xltx'),
  xltm: sheet('application/vnd.ms-excel.template.macroEnabled.12', 'Excel macro-enabled template', 'xltm'),
  xlsm: sheet('application/vnd.ms-excel.sheet.macroEnabled.12', 'Excel macro-enabled workbook', 'xlsm'),
  ots: sheet(`${ODF}.spreadsheet-template`, 'OpenDocument spreadsheet template', 'ots'),
  fods: sheet(`${ODF}.spreadsheet-flat-xml`, 'Flat OpenDocument spreadsheet', 'fods'),
  dif: sheet('application/x-dif', 'Data Interchange Format table', 'dif'),
  slk: sheet('application/x-sylk', 'SYLK spreadsheet', 'slk'),
  dbf: sheet('application/x-dbf', 'dBASE table', 'dbf'),
  spreadsheetml: sheet('application/xml', 'Excel 2003 XML workbook', 'xml'),
  uos: sheet('application/vnd.uof.spreadsheet', 'Uniform Office Format spreadsheet', 'uos'),
  sxc: sheet('application/vnd.sun.xml.calc', 'StarOffice/OpenOffice.org 1 spreadsheet', 'sxc'),
  stc: sheet('application/vnd.sun.xml.calc.template', 'StarOffice/OpenOffice.org 1 spreadsheet template', 'stc'),
  // Impress
  pot: show('application/vnd.ms-powerpoint', 'PowerPoint 97-2003 template', 'pot'),
  pps: show('application/vnd.ms-powerpoint', 'PowerPoint 97-2003 slide show', 'pps'),
  potx: show(`${OOXML}.presentationml.template`, 'PowerPoint template', 'potx'),
  potm: show('application/vnd.ms-powerpoint.template.macroEnabled.12', 'PowerPoint macro-enabled template', 'potm'),
  pptm: show(
    'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
    'PowerPoint macro-enabled presentation',
    'pptm',
  ),
  ppsx: show(`${OOXML}.presentationml.slideshow`, 'PowerPoint slide show', 'ppsx'),
  ppsm: show('application/vnd.ms-powerpoint.slideshow.macroEnabled.12', 'PowerPoint macro-enabled slide show', 'ppsm'),
  otp: show(`${ODF}.presentation-template`, 'OpenDocument presentation template', 'otp'),
  fodp: show(`${ODF}.presentation-flat-xml`, 'Flat OpenDocument presentation', 'fodp'),
  uop: show('application/vnd.uof.presentation', 'Uniform Office Format presentation', 'uop'),
  sxi: show('application/vnd.sun.xml.impress', 'StarOffice/OpenOffice.org 1 presentation', 'sxi'),
  // Draw
  odg: drawing(`${ODF}.graphics`, 'OpenDocument drawing', 'odg'),
  otg: drawing(`${ODF}.graphics-template`, 'OpenDocument drawing template', 'otg'),
  fodg: drawing(`${ODF}.graphics-flat-xml`, 'Flat OpenDocument drawing', 'fodg'),
  sxd: drawing('application/vnd.sun.xml.draw', 'StarOffice/OpenOffice.org 1 drawing', 'sxd'),
  emf: drawing('image/emf', 'Enhanced Metafile', 'emf'),
  wmf: drawing('image/wmf', 'Windows Metafile', 'wmf'),
} as const satisfies Record<string, FormatInfo>;
