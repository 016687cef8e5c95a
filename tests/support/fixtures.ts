// Input files made on the fly, for every tier (no server imports, so the Playwright specs use it too).
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';

/** A real PNG of the given size. */
export const makePng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/**
 * A PNG of gaussian noise: slow to encode (AVIF takes seconds at a few megapixels), for tests that need a
 * busy engine; encoders can neither compress it to nothing nor skip work on it. `sigma`: how noisy.
 */
export const makeNoisyPng = (width: number, height: number, sigma = 60) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** A real mono 16-bit PCM WAV of `seconds` seconds of a 440 Hz tone (ffmpeg converts it to MP3). */
export function wav(seconds: number, rate = 8000): Buffer {
  const samples = seconds * rate;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}

/** A PDF of `pages` A6 pages, each with its number written large (Ghostscript from PostScript). */
export function pdfOfPages(pages: number): Buffer {
  const page = (n: number) => `/Helvetica findfont 72 scalefont setfont 60 150 moveto (${n}) show showpage\n`;
  const ps = `%!PS\n<< /PageSize [297 420] >> setpagedevice\n${Array.from({ length: pages }, (_, i) => page(i + 1)).join('')}`;
  const gs = ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-dQUIET', '-sDEVICE=pdfwrite', '-sOutputFile=-', '-'];
  return execFileSync('gs', gs, { input: ps, maxBuffer: 64 * 1024 * 1024 });
}
