import { describe, expect, it } from 'vitest';
import { FORMATS, type FormatName, resolveFormatName } from '@/lib/formats/catalog';
import { ConversionOptions } from '@/lib/schemas/conversion';
import { isInstalled } from './sandbox/programs';
import { ENGINES, findEngine, listFormats } from './registry';

describe('engine registry', () => {
  it('routes each family to its engine', () => {
    expect(findEngine('heic', 'jpg')?.name).toBe('sharp');
    expect(findEngine('gif', 'webp')?.name).toBe('sharp');
    expect(findEngine('mov', 'gif')?.name).toBe('ffmpeg');
    expect(findEngine('mkv', 'm4a')?.name).toBe('ffmpeg');
    expect(findEngine('flac', 'mp3')?.name).toBe('ffmpeg');
    expect(findEngine('docx', 'pdf')?.name).toBe('libreoffice');
    expect(findEngine('csv', 'xlsx')?.name).toBe('libreoffice');
    expect(findEngine('ppt', 'odp')?.name).toBe('libreoffice');
    // Older and newer Office formats both ways, and PDF into Writer (LibreOffice's PDF import).
    expect(findEngine('docx', 'doc')?.name).toBe('libreoffice');
    expect(findEngine('pdf', 'docx')?.name).toBe('libreoffice');
  });

  it('has no identity, cross-family or output-only conversions', () => {
    const none: Array<[FormatName, FormatName]> = [
      ['png', 'png'],
      ['png', 'heic'],
      ['pdf', 'xlsx'],
      ['docx', 'xlsx'],
      ['mp3', 'mp4'],
      ['xlsx', 'docx'],
      ['pptx', 'docx'],
    ];
    for (const [from, to] of none) expect(findEngine(from, to), `${from}→${to}`).toBeUndefined();
  });

  it('lists every input format with catalog metadata and sorted targets', () => {
    const list = listFormats();
    const names = list.map((f) => f.format);
    expect(names).toEqual([...names].sort());
    // Only catalog formats, and every format of the main engines (their programs are always installed).
    for (const n of names) expect(Object.hasOwn(FORMATS, n), n).toBe(true);
    for (const f of ['png', 'heic', 'docx', 'xlsx', 'pptx', 'mp4', 'flac', 'pdf'] as const) expect(names).toContain(f);
    expect(list.find((f) => f.format === 'pdf')).toMatchObject({ compress: true, ocr: true });
    for (const f of list) {
      expect(f.mime).toBe(FORMATS[f.format].mime);
      expect(f.family).toBe(FORMATS[f.format].family);
      expect(f.targets).toEqual([...f.targets].sort());
      // A format goes to itself only where that changes it: PDF → PDF with `pdfa`.
      if (f.format !== 'pdf') expect(f.targets).not.toContain(f.format);
      for (const t of f.targets) expect(findEngine(f.format, t)).toBeDefined();
    }
    const mp4 = ['aac', 'avi', 'flac', 'gif', 'm4a', 'mkv', 'mov', 'mp3', 'ogg', 'wav', 'webm'];
    expect(list.find((f) => f.format === 'mp4')?.targets).toEqual(expect.arrayContaining(mp4));
  });

  it('offers an engine only when its programs are installed', () => {
    expect(isInstalled({ name: 'x', requires: ['sh'], conversions: [], convert: async () => {} })).toBe(true);
    expect(isInstalled({ name: 'x', requires: ['no-such-tool-h10'], conversions: [], convert: async () => {} })).toBe(
      false,
    );
    for (const e of ENGINES) expect(isInstalled(e), e.name).toBe(true);
  });

  it('accepts aliases as target names', () => {
    expect(['jpeg', 'TIF', '.htm', 'markdown', 'tar.gz'].map(resolveFormatName)).toEqual([
      'jpg',
      'tiff',
      'html',
      'md',
      'tgz',
    ]);
    expect(resolveFormatName('nope')).toBeUndefined();
  });

  it('describes in OpenAPI every options schema an engine declares (GET /formats names it)', () => {
    const described = new Set<unknown>(ConversionOptions.options);
    for (const e of ENGINES) if (e.options) expect(described.has(e.options.schema), e.name).toBe(true);
    expect(ENGINES.filter((e) => e.options).map((e) => e.name)).toEqual([
      'sharp',
      'ffmpeg',
      'libreoffice',
      'image-pdf',
      'ghostscript',
      'pdfa',
      'librsvg',
      'pandoc',
      'ffmpeg-media',
      'trace',
      'comics',
      'calibre',
      'djvulibre',
    ]);
  });

  it('has engines with unique names', () => {
    expect(new Set(ENGINES.map((e) => e.name)).size).toBe(ENGINES.length);
  });
});
