import { describe, expect, it } from 'vitest';
import { uniqueEntryNames } from '@/lib/zip/zip-entry-names';

describe('uniqueEntryNames', () => {
  it('numbers repeated names before the extension', () => {
    expect(uniqueEntryNames(['report.pdf', 'report.pdf', 'other.pdf', 'report.pdf'])).toEqual([
      'report.pdf',
      'report (1).pdf',
      'other.pdf',
      'report (2).pdf',
    ]);
  });

  it('skips a numbered name that is already taken, and ignores case', () => {
    expect(uniqueEntryNames(['a (1).png', 'a.png', 'a.png', 'A.PNG'])).toEqual([
      'a (1).png',
      'a.png',
      'a (2).png',
      'A (3).PNG',
    ]);
  });

  it('never yields a path', () => {
    const names = uniqueEntryNames(['../../etc/passwd', 'a/b.txt', '..\\win.ini', '...', '']);
    for (const name of names) {
      expect(name).not.toMatch(/[\\/]/);
      expect(name.startsWith('.')).toBe(false);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('drops control characters and bidi overrides', () => {
    expect(uniqueEntryNames(['a\u0000b\u0007.csv', 'evil\u202evsc.exe'])).toEqual(['ab.csv', 'evilvsc.exe']);
  });
});
