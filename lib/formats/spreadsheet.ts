import { recordsOf } from './format-record';
import { isDbf, officeTextIs } from './office-headers';
import { ODF, OOXML } from './mime';

// Spreadsheets: Calc's and Excel's formats, in OLE2 or ZIP containers or flat XML, and text tables.

const sheet = recordsOf('spreadsheet');

export const SPREADSHEET = {
  xlsx: sheet(`${OOXML}.spreadsheetml.sheet`, 'Excel workbook', 'xlsx', { detect: { fileType: ['xlsx'] } }),
  xls: sheet('application/vnd.ms-excel', 'Excel 97-2003 workbook', 'xls', { detect: { container: 'ole2' } }),
  ods: sheet(`${ODF}.spreadsheet`, 'OpenDocument spreadsheet', 'ods', {
    detect: { fileType: ['ods'], container: 'odf-package' },
  }),
  csv: sheet('text/csv; charset=utf-8', 'CSV table', 'csv', { detect: { textNames: ['csv'] } }),
  xlt: sheet('application/vnd.ms-excel', 'Excel 97-2003 template', 'xlt', { detect: { container: 'ole2' } }),
  xltx: sheet(`${OOXML}.spreadsheetml.template`, 'Excel template', 'xltx', { detect: { fileType: ['xltx'] } }),
  xltm: sheet('application/vnd.ms-excel.template.macroEnabled.12', 'Excel macro-enabled template', 'xltm', {
    detect: { fileType: ['xltm'] },
  }),
  xlsm: sheet('application/vnd.ms-excel.sheet.macroEnabled.12', 'Excel macro-enabled workbook', 'xlsm', {
    detect: { fileType: ['xlsm'] },
  }),
  ots: sheet(`${ODF}.spreadsheet-template`, 'OpenDocument spreadsheet template', 'ots', {
    detect: { fileType: ['ots'] },
  }),
  fods: sheet(`${ODF}.spreadsheet-flat-xml`, 'Flat OpenDocument spreadsheet', 'fods', {
    detect: { text: officeTextIs('fods') },
  }),
  dif: sheet('application/x-dif', 'Data Interchange Format table', 'dif', { detect: { text: officeTextIs('dif') } }),
  slk: sheet('application/x-sylk', 'SYLK spreadsheet', 'slk', { detect: { text: officeTextIs('slk') } }),
  dbf: sheet('application/x-dbf', 'dBASE table', 'dbf', { detect: { signature: isDbf } }),
  spreadsheetml: sheet('application/xml', 'Excel 2003 XML workbook', 'xml', {
    detect: { text: officeTextIs('spreadsheetml') },
  }),
  uos: sheet('application/vnd.uof.spreadsheet', 'Uniform Office Format spreadsheet', 'uos', {
    detect: { text: officeTextIs('uos') },
  }),
  sxc: sheet('application/vnd.sun.xml.calc', 'StarOffice/OpenOffice.org 1 spreadsheet', 'sxc', {
    detect: { container: 'odf-package' },
  }),
  stc: sheet('application/vnd.sun.xml.calc.template', 'StarOffice/OpenOffice.org 1 spreadsheet template', 'stc', {
    detect: { container: 'odf-package' },
  }),
} as const;
