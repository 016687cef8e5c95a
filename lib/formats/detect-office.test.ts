import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format';

// LibreOffice's variants, templates and Draw formats from their bytes: the committed samples (tests/fixtures/formats/office),
// and the cases where the name may or may not choose.

const DIR = path.join(process.cwd(), 'tests/fixtures/formats/office');
const read = (name: string) => {
  const bytes = readFileSync(path.join(DIR, name));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).subarray(0, 64 * 1024);
};

describe('office formats detected from their bytes', () => {
  const samples = readdirSync(DIR).filter((n) => n.startsWith('sample.'));

  it.each(samples)('%s', async (name) => {
    const ext = name.split('.')[1];
    expect(await detectFormat(read(name), `upload.${ext}`)).toBe(ext);
  });

  it('the name does not make a document a template where the content type says otherwise', async () => {
    expect(await detectFormat(read('sample.dotx'), 'upload.docx')).toBe('dotx');
    expect(await detectFormat(read('sample.xlsm'), 'upload.xlsx')).toBe('xlsm');
    expect(await detectFormat(read('sample.ppsx'), 'upload.pptx')).toBe('ppsx');
    expect(await detectFormat(read('sample.otg'), 'upload.odg')).toBe('otg');
  });

  it('OLE2: the name chooses a template or slide show within the application the streams prove', async () => {
    const doc = read('base/base.doc');
    expect(await detectFormat(doc, 'a.dot')).toBe('dot');
    expect(await detectFormat(doc, 'a.doc')).toBe('doc');
    expect(await detectFormat(doc, 'a.xlt')).toBe('doc');
    const ppt = read('base/base.ppt.gz');
    expect(await detectFormat(ppt, 'a.pps')).toBe('pps');
    expect(await detectFormat(ppt, 'a.pot')).toBe('pot');
    // (This one's directory lies past the first 64 KiB: there the name chooses among all OLE2 formats.)
    expect(await detectFormat(read('base/base.xls'), 'a.xlt')).toBe('xlt');
  });

  it('the text formats are proven by their content, not their name', async () => {
    expect(await detectFormat(Buffer.from('ID;PWXL;N;E\nC;Y1;X1;K1\nE\n'), 'a.txt')).toBe('slk');
    expect(await detectFormat(Buffer.from('TABLE\r\n0,1\r\n"x"\r\n'), 'a.csv')).toBe('dif');
    expect(await detectFormat(Buffer.from('TABLE of contents\n'), 'a.dif')).toBe('txt');
    expect(await detectFormat(Buffer.from('<?xml version="1.0"?><office:document/>'), 'a.fodt')).not.toBe('fodt');
    const wordml =
      '<?xml version="1.0"?><?mso-application progid="Word.Document"?>' +
      '<w:wordDocument xmlns:w="http://schemas.microsoft.com/office/word/2003/wordml"><w:body/></w:wordDocument>';
    expect(await detectFormat(Buffer.from(wordml), 'a.xml')).toBe('wordml');
  });

  it('a metafile or dBASE header that does not hold together is not one', async () => {
    const emf = read('sample.emf');
    const broken = Buffer.from(emf);
    broken.write('XEMF', 40, 'latin1');
    expect(await detectFormat(broken, 'a.emf')).not.toBe('emf');
    const dbf = Buffer.from(read('sample.dbf'));
    dbf[dbf.readUInt16LE(8) - 1] = 0x20; // no header terminator
    expect(await detectFormat(dbf, 'a.dbf')).not.toBe('dbf');
  });
});
