import { describe, expect, it } from 'vitest';
import type { FormatReference } from '@/lib/engines/format-reference-data';
import { parseFormatQuery, searchFormats } from './search-formats';

const image = (label: string, extension: string, aliases: string[] = []) => ({
  label,
  extension,
  aliases,
  family: 'image' as const,
});

// A few formats as loadFormatReference gives them: sources in catalog order, targets likewise.
const REFERENCE = {
  sources: [
    { format: 'png', targets: ['jpg', 'webp', 'jp2', 'pdf'] },
    { format: 'jpg', targets: ['png', 'webp', 'jp2', 'pdf'] },
    { format: 'heic', targets: ['png', 'jpg', 'webp', 'pdf'] },
    { format: 'jp2', targets: ['png', 'jpg'] },
    { format: 'md', targets: ['pdf', 'adoc'] },
  ],
  terms: {
    png: image('PNG image', 'png'),
    jpg: image('JPEG image', 'jpg', ['jpeg', 'jpe', 'jfif']),
    webp: image('WebP image', 'webp'),
    heic: image('HEIC image', 'heic'),
    jp2: image('JPEG 2000 image', 'jp2'),
    pdf: { label: 'PDF document', extension: 'pdf', aliases: [], family: 'document' },
    md: { label: 'Markdown', extension: 'md', aliases: [], family: 'document' },
    adoc: { label: 'AsciiDoc', extension: 'adoc', aliases: [], family: 'document' },
  },
} as unknown as FormatReference;

const search = (q: string) => searchFormats(q, REFERENCE);

describe('parseFormatQuery', () => {
  it.each([
    ['heic to jpg', { kind: 'pair', from: 'heic', to: 'jpg' }],
    ['  HEIC   into  JPG ', { kind: 'pair', from: 'heic', to: 'jpg' }],
    ['heic → jpg', { kind: 'pair', from: 'heic', to: 'jpg' }],
    ['heic->jpg', { kind: 'pair', from: 'heic', to: 'jpg' }],
    ['heic2jpg', { kind: 'pair', from: 'heic', to: 'jpg' }],
    ['heic to', { kind: 'pair', from: 'heic', to: '' }],
    ['heic', { kind: 'word', term: 'heic' }],
    ['', { kind: 'all' }],
  ])('%j', (raw, expected) => expect(parseFormatQuery(raw, REFERENCE)).toEqual(expected));

  it('takes a name with a 2 of its own as a name (jp2), and "jp22png" as jp2 to png', () => {
    expect(parseFormatQuery('jp2', REFERENCE)).toEqual({ kind: 'word', term: 'jp2' });
    expect(parseFormatQuery('jp22png', REFERENCE)).toEqual({ kind: 'pair', from: 'jp2', to: 'png' });
    expect(parseFormatQuery('x2y', REFERENCE)).toEqual({ kind: 'word', term: 'x2y' });
  });
});

describe('searchFormats', () => {
  it('lists every source and counts every pair without a query', () => {
    const { matches, pairCount } = search('');
    expect(matches.map((m) => m.format)).toEqual(['png', 'jpg', 'heic', 'jp2', 'md']);
    expect(pairCount).toBe(16);
  });

  it('finds a word by name with all its targets', () => {
    const { matches, pairCount } = search('heic');
    expect(matches).toEqual([{ format: 'heic', targets: ['png', 'jpg', 'webp', 'pdf'] }]);
    expect(pairCount).toBe(4);
  });

  it('finds by alias, extension with its dot, and label words; names alone when some match by name', () => {
    expect(search('jpeg').matches.map((m) => m.format)).toEqual(['jpg']);
    expect(search('jp').matches.map((m) => m.format)).toEqual(['jpg', 'jp2']);
    expect(search('2000').matches.map((m) => m.format)).toEqual(['jp2']);
    expect(search('.png').matches.map((m) => m.format)).toEqual(['png']);
    expect(search('jpeg 2000').matches.map((m) => m.format)).toEqual(['jp2']);
    expect(search('markdown').matches.map((m) => m.format)).toEqual(['md']);
    expect(search('images').matches.map((m) => m.format)).toEqual(['png', 'jpg', 'heic', 'jp2']);
    expect(search('image').matches.map((m) => m.format)).toEqual(['png', 'jpg', 'heic', 'jp2']);
    expect(search('document').matches.map((m) => m.format)).toEqual(['md']);
    expect(search('documents').matches.map((m) => m.format)).toEqual(['md']);
  });

  it('narrows a pair to its target, in each spelling', () => {
    for (const q of ['heic to jpg', 'HEIC → JPG', 'heic2jpg', 'heic to jpeg']) {
      expect(search(q), q).toMatchObject({ matches: [{ format: 'heic', targets: ['jpg'] }], pairCount: 1 });
    }
  });

  it('shows every target while the target is still being typed, and what converts into a bare target', () => {
    expect(search('heic to').pairCount).toBe(4);
    expect(search('to pdf').matches.map((m) => m.format)).toEqual(['png', 'jpg', 'heic', 'md']);
    expect(search('→ pdf').matches.map((m) => m.format)).toEqual(['png', 'jpg', 'heic', 'md']);
    expect(search('asciidoc').matches).toEqual([{ format: 'md', targets: ['adoc'] }]);
  });

  it('finds nothing for an unknown name or a pair that does not convert', () => {
    expect(search('zzz')).toMatchObject({ matches: [], pairCount: 0 });
    expect(search('md to png')).toMatchObject({ matches: [], pairCount: 0 });
  });
});
