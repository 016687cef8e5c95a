import { describe, expect, it } from 'vitest';
import { defaultTarget, POPULAR_TARGETS, popularFirst, popularTargetsOf, preferredTarget } from './popular-targets';
import { FORMAT_FAMILIES } from '@/lib/formats/format-record';
import { formatInfo } from '@/lib/formats/catalog';

const image = ['avif', 'bmp', 'gif', 'jpg', 'pdf', 'png', 'webp'];

describe('popular targets', () => {
  it('has a list for every family, each a known format', () => {
    for (const family of FORMAT_FAMILIES) {
      expect(POPULAR_TARGETS[family].length).toBeGreaterThan(0);
      for (const t of POPULAR_TARGETS[family]) expect(formatInfo(t), `${family}: ${t}`).toBeDefined();
    }
  });

  it('keeps the order of popularity and only the targets the source has', () => {
    expect(popularTargetsOf('image', image)).toEqual(['jpg', 'png', 'webp', 'pdf', 'avif', 'gif']);
    expect(popularTargetsOf('document', ['txt', 'pdf', 'rtf'])).toEqual(['pdf', 'txt']);
    expect(popularTargetsOf(undefined, image)).toEqual([]);
  });
});

describe('popular first', () => {
  it("puts the family's popular targets first, in their order, and keeps the rest as listed", () => {
    expect(popularFirst('image', ['avif', 'bmp', 'ico', 'jpg', 'pdf', 'tga', 'webp'])).toEqual([
      'jpg',
      'webp',
      'pdf',
      'avif',
      'bmp',
      'ico',
      'tga',
    ]);
    expect(popularFirst(undefined, ['b', 'a'])).toEqual(['b', 'a']);
  });
});

describe('default target', () => {
  it.each([
    ['png', 'image', image, 'jpg'],
    ['jpg', 'image', image, 'png'],
    ['md', 'document', ['adoc', 'docx', 'html', 'pdf'], 'pdf'],
    ['mp4', 'video', ['gif', 'mkv', 'mp4', 'webm'], 'webm'],
    ['wav', 'audio', ['flac', 'mp3', 'ogg'], 'mp3'],
    ['mp3', 'audio', ['flac', 'ogg', 'wav'], 'wav'],
    ['csv', 'spreadsheet', ['csv', 'json', 'ods', 'xlsx'], 'xlsx'],
    ['xlsx', 'spreadsheet', ['csv', 'ods', 'pdf'], 'csv'],
    ['pptx', 'presentation', ['odp', 'pdf'], 'pdf'],
    ['epub', 'ebook', ['mobi', 'pdf'], 'pdf'],
    ['mobi', 'ebook', ['epub', 'pdf'], 'epub'],
    ['tar', 'archive', ['7z', 'zip'], 'zip'],
    ['otf', 'font', ['ttf', 'woff2'], 'woff2'],
    ['woff2', 'font', ['ttf', 'woff'], 'ttf'],
    ['ass', 'subtitle', ['srt', 'vtt'], 'srt'],
    ['yaml', 'data', ['json', 'xml'], 'json'],
  ] as const)('%s (%s) → %s', (format, family, targets, expected) => {
    expect(defaultTarget({ format, family }, targets)).toBe(expected);
  });

  it('falls back to the first target that is not the source, then nothing', () => {
    expect(defaultTarget({ format: 'png', family: 'image' }, ['png', 'xbm'])).toBe('xbm');
    expect(defaultTarget(undefined, ['atk', 'pdf'])).toBe('pdf');
    expect(defaultTarget(undefined, ['atk', 'cb7'])).toBe('atk');
    expect(defaultTarget({ format: 'png', family: 'image' }, [])).toBe('');
  });
});

describe('preferred target', () => {
  const heic = { format: 'heic', family: 'image' } as const;
  it('takes the asked-for pair when the file matches it', () => {
    expect(preferredTarget(heic, image, { from: 'heic', to: 'webp' })).toBe('webp');
    expect(preferredTarget(heic, image, { to: 'pdf' })).toBe('pdf');
  });
  it('keeps the default for another source or a target the file lacks', () => {
    expect(preferredTarget({ format: 'png', family: 'image' }, image, { from: 'heic', to: 'webp' })).toBe('jpg');
    expect(preferredTarget(heic, image, { from: 'heic', to: 'mp3' })).toBe('jpg');
  });
});
