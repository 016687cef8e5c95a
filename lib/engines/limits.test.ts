import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imagemagickEngine } from './imagemagick-engine';
import { megapixels, PIXEL_LIMITS } from './limits';
import { ENGINES } from './registry';

describe('engine limits', () => {
  it("ImageMagick's policy.xml caps the area at the limit its engine declares", () => {
    const policy = readFileSync(path.join(__dirname, 'imagemagick', 'policy.xml'), 'utf8');
    const area = /<policy domain="resource" name="area" value="(\d+)MP"\/>/.exec(policy)?.[1];
    expect(Number(area) * 1e6).toBe(PIXEL_LIMITS.imagemagick);
    expect(imagemagickEngine.limits?.maxPixels).toBe(PIXEL_LIMITS.imagemagick);
  });

  it('every pixel cap an engine declares is one of the limits', () => {
    const caps = new Set<number>(Object.values(PIXEL_LIMITS));
    const declared = ENGINES.filter((e) => e.limits);
    expect(declared.map((e) => e.name)).toEqual(expect.arrayContaining(['sharp', 'ffmpeg', 'raw', 'trace']));
    for (const e of declared) expect(caps.has(e.limits!.maxPixels), e.name).toBe(true);
  });

  it('names a cap as its refusals do', () => {
    expect(megapixels(PIXEL_LIMITS.image)).toBe('100 megapixels');
  });
});
