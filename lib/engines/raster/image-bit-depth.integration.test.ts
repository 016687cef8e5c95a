import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { inspectAndConvert } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { jxlEngine } from './jxl-engine';
import { sharpEngine } from '../sharp/sharp-engine';
import type { Engine } from '../types';

// A 16-bit picture keeps its 16 bits where the target holds them (PNG, TIFF, AVIF at 12, JPEG XL):
// a grey ramp with steps of 1 (of 65535) would collapse to one or two values in 8 bits.

const job = jobsRemovedAfterEach();

/** 256×1 grey, 16 bits a sample, the values 0, 1, 2… 255: every step is below 8 bits' resolution. */
const ramp = Uint16Array.from({ length: 256 }, (_, i) => i);
const grey16 = () => sharp(ramp, { raw: { width: 256, height: 1, channels: 1 } }).toColourspace('grey16');

/** The grey samples of a picture read at 16 bits. */
async function samples16(input: string | Buffer): Promise<number[]> {
  const raw = await sharp(input).toColourspace('grey16').raw({ depth: 'ushort' }).toBuffer();
  return [...new Uint16Array(raw.buffer, raw.byteOffset, raw.length / 2)];
}

async function convert(engine: Engine, input: Buffer, from: FormatName, to: FormatName): Promise<Buffer> {
  const j = await job(input, from, to);
  await inspectAndConvert(engine, j);
  return readFile(j.outputPath);
}

describe('16-bit pictures', () => {
  it('TIFF → PNG keeps 16 bits and every step of the ramp', async () => {
    const tiff = await grey16().tiff({ compression: 'lzw' }).toBuffer();
    expect(await samples16(tiff)).toEqual([...ramp]);
    const png = await convert(sharpEngine, tiff, 'tiff', 'png');
    expect([png.readUInt8(24), png.readUInt8(25)]).toEqual([16, 0]); // IHDR: 16-bit greyscale
    expect(await samples16(png)).toEqual([...ramp]);
  });

  it('PNG → TIFF keeps 16 bits and every step; a 16-bit RGB picture keeps its colour at 16 bits', async () => {
    const tiff = await convert(sharpEngine, await grey16().png().toBuffer(), 'png', 'tiff');
    const meta = await sharp(tiff).metadata();
    expect([meta.depth, meta.bitsPerSample]).toEqual(['ushort', 16]);
    expect(await samples16(tiff)).toEqual([...ramp]);

    const rgb = await sharp(await grey16().png().toBuffer())
      .toColourspace('rgb16')
      .tint('#ff0000')
      .png()
      .toBuffer();
    const out = await sharp(await convert(sharpEngine, rgb, 'png', 'tiff')).metadata();
    expect([out.depth, out.channels, out.space]).toEqual(['ushort', 3, 'rgb16']);
  });

  it('TIFF → AVIF is written at 12 bits', async () => {
    const avif = await convert(sharpEngine, await grey16().tiff({ compression: 'lzw' }).toBuffer(), 'tiff', 'avif');
    expect((await sharp(avif).metadata()).bitsPerSample).toBe(12);
  });

  it('TIFF → JPEG still works, at 8 bits', async () => {
    const jpg = await convert(sharpEngine, await grey16().tiff({ compression: 'lzw' }).toBuffer(), 'tiff', 'jpg');
    const meta = await sharp(jpg).metadata();
    expect([meta.format, meta.depth, meta.width]).toEqual(['jpeg', 'uchar', 256]);
  });

  it('PNG → JPEG XL → PNG or PPM keeps 16 bits; → JPEG gets 8', async () => {
    const j = await job(await grey16().png().toBuffer(), 'png', 'jxl');
    await inspectAndConvert(jxlEngine, j);
    expect(execFileSync('jxlinfo', [j.outputPath], { encoding: 'utf8' })).toMatch(/16-bit/);
    const png = await convert(jxlEngine, await readFile(j.outputPath), 'jxl', 'png');
    expect(png.readUInt8(24)).toBe(16);
    const ppm = await convert(jxlEngine, await readFile(j.outputPath), 'jxl', 'ppm');
    expect(/^P[56]\s+256\s+1\s+(\d+)\s/.exec(ppm.toString('latin1', 0, 32))?.[1]).toBe('65535'); // maxval
    const jpg = await convert(jxlEngine, await readFile(j.outputPath), 'jxl', 'jpg');
    expect((await sharp(jpg).metadata()).depth).toBe('uchar');
  });
});
