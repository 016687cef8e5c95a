import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { AV, convert, docxWithPicture, media, pagedDocx, pdfinfo, probe } from '@/tests/support/convert-options';

// Conversion options change the output: through POST /convert/upload, the job and the real engine
// (sharp, ffmpeg, LibreOffice), read back with sharp, ffprobe and pdfinfo. The refusals and the other
// ways in are in convert-options-input.integration.test.ts.

describe('image options', () => {
  it('width alone keeps the aspect ratio; quality changes the JPEG', async () => {
    const png = await makeNoisyPng(400, 300);
    const low = await convert(png, 'a.png', 'jpg', { width: 200, quality: 20 });
    const high = await convert(png, 'a.png', 'jpg', { width: 200, quality: 95 });
    expect(await sharp(low).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
    expect(low.length).toBeLessThan(high.length * 0.6);
  });

  it.each([
    ['inside', 100, 75],
    ['cover', 100, 100],
    ['fill', 100, 100],
  ] as const)('fit %s into 100×100 gives %i×%i', async (fit, width, height) => {
    const out = await convert(await makeNoisyPng(400, 300), 'a.png', 'webp', { width: 100, height: 100, fit });
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width, height });
  });

  it('dpi is recorded; metadata is stripped by default and kept on request', async () => {
    const jpeg = await sharp(await makePng(80, 60))
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer();
    const stripped = await sharp(await convert(jpeg, 'p.jpg', 'png', { dpi: 300 })).metadata();
    expect(stripped.density).toBe(300);
    expect(stripped.exif?.toString('latin1').includes('TestCam') ?? false).toBe(false);
    const kept = await sharp(await convert(jpeg, 'p.jpg', 'png', { strip_metadata: false })).metadata();
    expect(kept.exif?.toString('latin1')).toContain('TestCam');
  });

  it('background fills transparency', async () => {
    const clear = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await convert(clear, 't.png', 'webp', { background: '#ff0000' });
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(data[0]).toBeGreaterThan(240);
    expect(Math.max(data[1], data[2])).toBeLessThan(16);
  });
});

describe('audio and video options', () => {
  it('size, frame rate, start/duration and remove_audio reach ffmpeg', async () => {
    const input = media('mkv', AV(4));
    const out = probe(
      await convert(input, 'v.mkv', 'mp4', { width: 160, fps: 10, start: 1, duration: 2, remove_audio: true }),
      'mp4',
    );
    expect(out.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(out.streams[0]).toMatchObject({ width: 160, height: 120, r_frame_rate: '10/1' });
    expect(Number(out.format.duration)).toBeCloseTo(2, 0);
  });

  it('video_bitrate and crf change the bitrate', async () => {
    const input = media('mkv', ['-f', 'lavfi', '-i', 'testsrc2=d=3:s=640x480:r=25']);
    const rate = async (options: object) =>
      Number(probe(await convert(input, 'v.mkv', 'mp4', options), 'mp4').format.bit_rate);
    const [low, high, loose] = [
      await rate({ video_bitrate: 150 }),
      await rate({ video_bitrate: 1500 }),
      await rate({ crf: 45 }),
    ];
    expect(low).toBeLessThan(300_000);
    expect(high).toBeGreaterThan(low * 3);
    expect(loose).toBeLessThan(high);
  });

  it('audio bitrate, channels and sample rate', async () => {
    const input = media('wav', ['-f', 'lavfi', '-i', 'sine=d=3:f=440:sample_rate=48000', '-ac', '2']);
    const out = probe(
      await convert(input, 's.wav', 'mp3', { audio_bitrate: 64, audio_channels: 1, sample_rate: 22050 }),
      'mp3',
    );
    expect(out.streams[0]).toMatchObject({ channels: 1, sample_rate: '22050' });
    expect(Number(out.format.bit_rate)).toBeGreaterThan(56_000);
    expect(Number(out.format.bit_rate)).toBeLessThan(72_000);
  });

  it('video → GIF takes width and fps', async () => {
    const out = probe(await convert(media('mp4', AV(2)), 'v.mp4', 'gif', { width: 80, fps: 5 }), 'gif');
    expect(out.streams[0]).toMatchObject({ width: 80, height: 60 });
  });
});

describe('document options', () => {
  it('dpi reduces the pictures in the PDF', async () => {
    const input = await docxWithPicture();
    const full = await convert(input, 'p.docx', 'pdf');
    const reduced = await convert(input, 'p.docx', 'pdf', { dpi: 75 });
    expect(pdfinfo(reduced)).toMatch(/Pages:\s+1\b/);
    expect(reduced.length).toBeLessThan(full.length / 4);
  });

  it('pages keeps the chosen pages', async () => {
    const input = pagedDocx(4);
    expect(pdfinfo(await convert(input, 'd.docx', 'pdf'))).toMatch(/Pages:\s+4\b/);
    expect(pdfinfo(await convert(input, 'd.docx', 'pdf', { pages: '2-3' }))).toMatch(/Pages:\s+2\b/);
    expect(pdfinfo(await convert(input, 'd.docx', 'pdf', { pages: '1,4' }))).toMatch(/Pages:\s+2\b/);
  });

  it('pdfa writes PDF/A-2b metadata', async () => {
    const plain = pdfinfo(await convert(pagedDocx(1), 'd.docx', 'pdf'), '-meta');
    const archival = pdfinfo(await convert(pagedDocx(1), 'd.docx', 'pdf', { pdfa: true }), '-meta');
    expect(plain).not.toMatch(/pdfaid:part/);
    expect(archival).toMatch(/pdfaid:part>2<|pdfaid:part="2"/);
    expect(archival).toMatch(/pdfaid:conformance>B<|pdfaid:conformance="B"/);
  });
});
