// The benchmark inputs, made here so every run (and every peer in a run) converts the same bytes:
// a 1 MP PNG with noise, a small DOCX made by LibreOffice, a 5 s 640×360 MP4 with sound.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_QUALITY, DEFAULT_WEBP_EFFORT } from '../../lib/engines/sharp/options';

const PNG_SIDE = 1000;

/**
 * The converter's default WebP settings (lib/engines/sharp/sharp-engine.ts), for the floors that
 * encode with sharp themselves: a floor must do the same encoder work as the service it is set against.
 */
export const WEBP_SETTINGS = { quality: DEFAULT_QUALITY, effort: DEFAULT_WEBP_EFFORT };

/** A 1000×1000 RGB PNG: diagonal gradients plus seeded noise, so it does not compress to nothing. */
export async function makePng(): Promise<Buffer> {
  const raw = Buffer.alloc(PNG_SIDE * PNG_SIDE * 3);
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) - 128; // −128…127
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < PNG_SIDE; y++) {
    for (let x = 0; x < PNG_SIDE; x++) {
      const i = (y * PNG_SIDE + x) * 3;
      raw[i] = clamp((x * 255) / PNG_SIDE + rand() / 4);
      raw[i + 1] = clamp((y * 255) / PNG_SIDE + rand() / 4);
      raw[i + 2] = clamp(((x + y) * 128) / PNG_SIDE + 64 * Math.sin(x / 40) + rand() / 4);
    }
  }
  return sharp(raw, { raw: { width: PNG_SIDE, height: PNG_SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

/** `soffice --headless` with its own, fresh user profile; throws on failure. */
export function soffice(profileDir: string, args: string[], cwd: string): void {
  const r = spawnSync('soffice', ['--headless', `-env:UserInstallation=file://${profileDir}`, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`soffice ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
}

/** A small DOCX (about two pages of text) made once from a .txt by LibreOffice itself, in `dir`. */
export function makeDocx(dir: string): Buffer {
  const lines = ['Transmute benchmark document', ''];
  for (let i = 1; i <= 40; i++) {
    lines.push(
      `Paragraph ${i}. The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. ${'Lorem ipsum dolor sit amet. '.repeat(3)}`,
    );
  }
  writeFileSync(path.join(dir, 'bench.txt'), lines.join('\n'));
  soffice(path.join(dir, 'profile-make'), ['--convert-to', 'docx:MS Word 2007 XML', 'bench.txt'], dir);
  return readFileSync(path.join(dir, 'bench.docx'));
}

/** 5 s of 640×360 test pattern at 25 fps with a 440 Hz tone, H.264 + AAC in MP4, made in `dir`. */
export function makeMp4(dir: string): Buffer {
  const out = path.join(dir, 'bench.mp4');
  const r = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=5'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (r.status !== 0) throw new Error(`ffmpeg could not make the MP4 input: ${r.stderr}`);
  return readFileSync(out);
}

export const isWebp = (b: Buffer) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP';
export const isPdf = (b: Buffer) => b.subarray(0, 5).toString() === '%PDF-';
export const isWebm = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
