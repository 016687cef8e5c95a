import { describe, expect, it } from 'vitest';
import { filterTargets, groupTargets } from './target-options';
import type { FormatEntry } from './types';

const entry = (format: string, family: FormatEntry['family'], label: string): FormatEntry =>
  ({ format, family, label, targets: [] }) as unknown as FormatEntry;
const formats = [
  entry('png', 'image', 'PNG image'),
  entry('jpg', 'image', 'JPEG image'),
  entry('atk', 'image', 'Andrew Toolkit raster'),
  entry('webp', 'image', 'WebP image'),
  entry('pdf', 'document', 'PDF document'),
  entry('pcx', 'image', 'PC Paintbrush'),
  entry('cb7', 'ebook', 'Comic book archive'),
  entry('ico', 'image', 'Windows icon'),
];
const targets = ['atk', 'cb7', 'ico', 'jpg', 'pcx', 'pdf', 'webp'];

describe('groupTargets', () => {
  it('puts the popular targets of the family first, in their order, then the rest by family', () => {
    const groups = groupTargets(targets, formats, 'image');
    expect(groups.map((g) => g.label)).toEqual(['Popular', 'Images', 'E-books']);
    expect(groups[0].options.map((o) => o.format)).toEqual(['jpg', 'webp', 'pdf']);
    expect(groups[1].options.map((o) => o.format)).toEqual(['atk', 'ico', 'pcx']);
  });

  it('has no popular group for an unknown source', () => {
    expect(groupTargets(targets, formats, undefined)[0].id).not.toBe('popular');
  });
});

describe('filterTargets', () => {
  const groups = groupTargets(targets, formats, 'image');
  const formatsOf = (text: string) => filterTargets(groups, text).flatMap((g) => g.options.map((o) => o.format));

  it('matches the id prefix first, then words of the label', () => {
    expect(formatsOf('pd')).toEqual(['pdf']);
    expect(formatsOf('p')).toEqual(['pdf', 'pcx']);
    expect(formatsOf('image')).toEqual(['jpg', 'webp']);
    expect(formatsOf('w')).toEqual(['webp', 'ico']);
    expect(formatsOf('.JP')).toEqual(['jpg']);
    expect(formatsOf('comic')).toEqual(['cb7']);
  });

  it('keeps everything for empty text and nothing for text matching nothing', () => {
    expect(formatsOf(' ')).toHaveLength(targets.length);
    expect(formatsOf('zzz')).toEqual([]);
  });
});
