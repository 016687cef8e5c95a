import { describe, expect, it } from 'vitest';
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
    expect(() => parseConvertOptions('png', 'webp', { width: 10 }, 'imagemagick')).toThrow(/"width" does not apply/);
    expect(parseConvertOptions('png', 'webp', { width: 10 }, 'sharp')).toMatchObject({ width: 10 });
    expect(applicableOptions('mp4', 'gif')?.names).toEqual(['width', 'height', 'fps', 'start', 'duration']);
  });

  it('checks against the target before the source is known', () => {
    expect(() => checkOptionsForTarget('webp', { width: 10 })).not.toThrow();
    expect(() => checkOptionsForTarget('gif', { fps: 5 })).not.toThrow(); // from a video
    expect(() => checkOptionsForTarget('mp3', { width: 10 })).toThrow(/"width" does not apply/);
    expect(() => checkOptionsForTarget('odt', { pdfa: true })).toThrow(/takes no options|does not apply/);
    expect(() => checkOptionsForTarget('webp', { nope: 1 })).toThrow(/Unknown option "nope"/);
  });
});
