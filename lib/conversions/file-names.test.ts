import { describe, expect, it } from 'vitest';
import { cleanFileName, mergedFileName, resultFile, resultFileName } from '@/lib/conversions/file-names';

describe('file names are display text only', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system.ini', 'system.ini'],
    ['a\u0000b\u0007c.png', 'abc.png'],
    ['evil\u202egnp.exe', 'evilgnp.exe'],
    ['   ', 'file'],
    ['...', 'file'],
    ['', 'file'],
    ['-rf.txt', '-rf.txt'],
  ])('%j → %j', (raw, clean) => expect(cleanFileName(raw)).toBe(clean));

  it('caps the length', () => expect(cleanFileName('x'.repeat(300) + '.png').length).toBe(200));

  it('result names take the target extension', () => {
    expect(resultFileName('report.final.docx', 'pdf')).toBe('report.final.pdf');
    expect(resultFileName('../x', 'webp')).toBe('x.webp');
  });

  it('a merge is named after its first file, and its PDF downloads under that name', () => {
    expect(mergedFileName('report.final.docx')).toBe('report.final (merged).pdf');
    expect(mergedFileName('../\u0000')).toBe('file (merged).pdf');
    const row = { originalFileName: mergedFileName('scan.v2.jpg'), targetFormat: 'pdf', resultParts: null };
    expect(resultFile(row)).toMatchObject({ fileName: 'scan.v2 (merged).pdf', contentType: 'application/pdf' });
  });
});
