import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { coder } from '@/lib/engines/imagemagick/imagemagick-engine';
import type { FormatName } from '@/lib/formats/catalog';

// The bits a channel of a picture result holds, for the targets that can hold more than 8: a
// sample of 16 bits a channel must keep them there (or as many as the format holds).

const exec = promisify(execFile);

/** Targets that hold more than 8 bits a channel, and how many at most. */
export const HOLDS_BITS: Partial<Record<FormatName, number>> = {
  png: 16,
  tiff: 16,
  avif: 12,
  jxl: 16,
  pam: 16,
  ppm: 16,
  pgm: 16,
  psd: 16,
  psb: 16,
  sgi: 16,
  miff: 16,
  fits: 16,
  dpx: 16,
  jp2: 16,
  j2k: 16,
};

const SHARP = new Set<FormatName>(['png', 'tiff', 'avif']);

export async function bitsOf(file: string, format: FormatName): Promise<number> {
  if (SHARP.has(format)) {
    const m = await sharp(file).metadata();
    return m.bitsPerSample ?? (m.depth === 'ushort' || m.depth === 'short' ? 16 : 8);
  }
  if (format === 'jxl') return Number(/(\d+)-bit/.exec((await exec('jxlinfo', [file])).stdout)?.[1] ?? 0);
  if (format === 'psd' || format === 'psb') return (await readFile(file)).readUInt16BE(22);
  if (format === 'fits') {
    const head = (await readFile(file)).subarray(0, 2880).toString('latin1');
    return Math.abs(Number(/BITPIX\s*=\s*(-?\d+)/.exec(head)?.[1] ?? 0));
  }
  return Number((await exec('/usr/bin/identify', ['-format', '%z', `${coder(format)}:${file}[0]`])).stdout.trim());
}
