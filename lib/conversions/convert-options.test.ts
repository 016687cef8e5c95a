import { describe, expect, it } from 'vitest';
import { imagemagickEngine } from '@/lib/engines/imagemagick/imagemagick-engine';
import { findEngine, listFormats } from '@/lib/engines/registry';
import { sharpEngine } from '@/lib/engines/sharp/sharp-engine';
import { applicableOptions, checkOptionsForTarget, parseConvertOptions } from './convert-options';

describe('convert options', () => {
  it('picks the family by pair and fills defaults', () => {
    expect(parseConvertOptions('png', 'jpg', { width: 10 })).toEqual({
      width: 10,
      fit: 'inside',
      strip_metadata: true,
    });
    expect(parseConvertOptions('docx', 'pdf', { pages: '1-2, 5' })).toEqual({ pages: '1-2, 5', pdfa: false });
    expect(parseConvertOptions('mp4', 'mp3', {})).toEqual({}); // remove_audio does not apply to audio
    expect(parseConvertOptions('docx', 'odt', undefined)).toEqual({});
  });

  it('refuses what does not apply to the pair or its engine', () => {
    expect(() => parseConvertOptions('docx', 'odt', { pages: '1' })).toThrow(/"pages" does not apply to docx → odt/);
    expect(() => parseConvertOptions('mp4', 'avi', { crf: 20 })).toThrow(/"crf" does not apply/);
    expect(() => parseConvertOptions('png', 'webp', { width: 10 }, imagemagickEngine)).toThrow(
      /"width" does not apply/,
    );
    expect(parseConvertOptions('png', 'webp', { width: 10 }, sharpEngine)).toMatchObject({ width: 10 });
    // The encoder effort is WebP's alone, within libwebp's 0–6.
    expect(parseConvertOptions('jpg', 'webp', { effort: 6 })).toMatchObject({ effort: 6 });
    expect(() => parseConvertOptions('jpg', 'webp', { effort: 7 })).toThrow(/effort/);
    expect(() => parseConvertOptions('png', 'avif', { effort: 4 })).toThrow(/"effort" does not apply/);
    expect(() => parseConvertOptions('png', 'jpg', { effort: 4 })).toThrow(/"effort" does not apply/);
    expect(applicableOptions('mp4', 'gif')?.names).toEqual(['width', 'height', 'fps', 'start', 'duration']);
  });

  it('follows the engine that converts the pair: one that declares no options takes none', () => {
    expect(findEngine('psd', 'png')?.name).toBe('imagemagick');
    expect(applicableOptions('psd', 'png')).toBeNull();
    expect(() => parseConvertOptions('psd', 'png', { width: 10 })).toThrow(/"width" does not apply to psd → png/);
    expect(() => parseConvertOptions('png', 'jpg', { nope: 1 })).toThrow(/Unknown option "nope"/);
    // Each option once, in the order the panel shows them.
    const video = applicableOptions('mkv', 'mp4')!.names;
    expect(new Set(video).size).toBe(video.length);
  });

  it('checks against the target before the source is known', () => {
    expect(() => checkOptionsForTarget('webp', { width: 10 })).not.toThrow();
    expect(() => checkOptionsForTarget('gif', { fps: 5 })).not.toThrow(); // from a video
    expect(() => checkOptionsForTarget('mp3', { width: 10 })).toThrow(/"width" does not apply/);
    expect(() => checkOptionsForTarget('odt', { pdfa: true })).toThrow(/takes no options|does not apply/);
    expect(() => checkOptionsForTarget('webp', { nope: 1 })).toThrow(/Unknown option "nope"/);
  });

  it('GET /api/v1/formats lists for each pair exactly the options it takes', () => {
    const listed = listFormats();
    const jpg = listed.find((f) => f.format === 'png')!.target_options.jpg;
    expect(jpg).toEqual({ schema: 'ImageOptions', names: expect.arrayContaining(['quality', 'dpi', 'width']) });
    expect(listed.find((f) => f.format === 'png')!.target_options.webp?.names).not.toContain('dpi');
    expect(listed.find((f) => f.format === 'docx')!.target_options).toEqual({
      pdf: { schema: 'DocumentOptions', names: ['pages', 'dpi', 'pdfa'] },
    });
    expect(listed.find((f) => f.format === 'psd')!.target_options).toEqual({});
    for (const { format, targets, target_options } of listed) {
      for (const target of targets) {
        const names = target_options[target]?.names ?? [];
        expect(applicableOptions(format, target)?.names ?? []).toEqual(names);
      }
    }
  });
});
