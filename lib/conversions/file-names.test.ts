import { describe, expect, it } from 'vitest';
import { cleanFileName, resultFileName } from '@/lib/conversions/file-names';

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
});
