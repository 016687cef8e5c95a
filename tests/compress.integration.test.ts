import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as formats from '@/app/api/v1/formats/route';
import { RouteClient } from '@/tests/support/route-client';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { postCompress, runAndDownload } from '@/tests/support/tool-client';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'compress-test-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
/** An audio sample from an ffmpeg `lavfi` source, encoded with `codec` at `bitrate`. */
const audioSample = (file: string, source: string, codec: string, bitrate: string) =>
  run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, '-c:a', codec, '-b:a', bitrate, '-y', file]);
/** The codec names of a file's streams, one per line (ffprobe). */
const streamCodecs = (file: string) =>
  run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file]).toString();

/** A photo-like JPEG at high quality with EXIF (orientation 6 and GPS-bearing metadata). */
const photo = async () =>
  sharp(await makeNoisyPng(800, 600))
    .blur(2)
    .jpeg({ quality: 98 })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** An image-heavy PDF: a 300 dpi scan-like page made by img2pdf. */
async function imagePdf(): Promise<Buffer> {
  const png = path.join(tmp, `scan-${Math.random()}.jpg`);
  writeFileSync(
    png,
    await sharp(await makeNoisyPng(2480, 1754))
      .blur(1)
      .jpeg({ quality: 95 })
      .toBuffer(),
  );
  const out = `${png}.pdf`;
  run('img2pdf', ['--pagesize', 'A4^T', '--output', out, png]); // ≈ 300 dpi on the page
  return readFileSync(out);
}

function pdfinfo(bytes: Buffer): string {
  const file = path.join(tmp, `check-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  return run('pdfinfo', [file]).toString();
}

describe('compression: every family smaller, same format, still opens', () => {
  it('GET /formats says which formats compress', async () => {
    const body = await (await new RouteClient().call(formats.GET, { path: '/api/v1/formats' })).json();
    const byName = Object.fromEntries(body.formats.map((f: { format: string }) => [f.format, f]));
    for (const f of ['jpg', 'png', 'pdf', 'mp4', 'mp3', 'docx']) expect(byName[f].compress).toBe(true);
    for (const f of ['txt', 'csv', 'heic']) expect(byName[f].compress).toBe(false);
    // BMP is read by OCR (and converted by ImageMagick when installed) but has no compressor.
    expect(byName.bmp).toMatchObject({ ocr: true, compress: false });
  });

  it('JPEG: mozjpeg, smaller, metadata stripped, orientation applied', async () => {
    const client = new RouteClient();
    const input = await photo();
    expect(await sharp(input).metadata()).toMatchObject({ orientation: 6, width: 800, height: 600 });
    const { created, bytes } = await runAndDownload(
      client,
      await postCompress(client, input, 'photo.jpg', { level: 'medium' }),
    );
    expect(created).toMatchObject({ original_format: 'jpg', target_format: 'jpg' });
    expect(bytes.length).toBeLessThan(input.length);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 }); // rotated upright
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('JPEG target_size is honoured; a target out of reach is reported', async () => {
    const client = new RouteClient();
    const input = await photo();
    const target = 40_000;
    const { bytes, status: st } = await runAndDownload(
      client,
      await postCompress(client, input, 'p.jpg', { target_size: String(target) }),
    );
    expect(bytes.length).toBeLessThanOrEqual(target);
    expect(st.error).toBeUndefined();
    const missed = await runAndDownload(client, await postCompress(client, input, 'p.jpg', { target_size: '1000' }));
    expect(missed.status.conversion.status).toBe('completed');
    expect(missed.status.error).toMatch(/Target size not reached/);
  });

  it('PNG: palette quantisation, smaller, still a PNG', async () => {
    const client = new RouteClient();
    const input = await sharp(await makeNoisyPng(400, 300))
      .blur(3)
      .png({ compressionLevel: 0 })
      .toBuffer();
    const { bytes } = await runAndDownload(client, await postCompress(client, input, 'a.png', { level: 'high' }));
    expect(bytes.length).toBeLessThan(input.length);
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('never larger: an already tight file comes back as the original bytes', async () => {
    const client = new RouteClient();
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png({ palette: true, effort: 10 })
      .toBuffer();
    const { bytes } = await runAndDownload(client, await postCompress(client, input, 'tiny.png', { level: 'low' }));
    expect(bytes.length).toBeLessThanOrEqual(input.length);
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('PDF: Ghostscript + qpdf, smaller, same pages; target_size honoured', async () => {
    const client = new RouteClient();
    const input = await imagePdf();
    const { bytes } = await runAndDownload(client, await postCompress(client, input, 'scan.pdf'));
    expect(bytes.length).toBeLessThan(input.length);
    expect(pdfinfo(bytes)).toMatch(/Pages:\s+1\b/);
    const target = Math.floor(bytes.length / 2);
    const aimed = await runAndDownload(
      client,
      await postCompress(client, input, 'scan.pdf', { target_size: String(target) }),
    );
    expect(aimed.bytes.length).toBeLessThanOrEqual(target);
    expect(aimed.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('video (MP4) and audio (MP3): re-encoded smaller in the same container', async () => {
    const client = new RouteClient();
    const mp4 = path.join(tmp, 'v.mp4');
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25:duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:v',
      'libx264',
      '-crf',
      '10',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-b:a',
      '256k',
      '-y',
      mp4,
    ]);
    const video = await runAndDownload(
      client,
      await postCompress(client, readFileSync(mp4), 'v.mp4', { level: 'high' }),
    );
    expect(video.bytes.length).toBeLessThan(readFileSync(mp4).length);
    const mp3 = path.join(tmp, 'a.mp3');
    audioSample(mp3, 'sine=frequency=440:duration=5', 'libmp3lame', '320k');
    const audio = await runAndDownload(client, await postCompress(client, readFileSync(mp3), 'a.mp3'));
    expect(audio.created.target_format).toBe('mp3');
    expect(audio.bytes.length).toBeLessThan(readFileSync(mp3).length);
    const out = path.join(tmp, 'out.mp4');
    writeFileSync(out, video.bytes);
    expect(streamCodecs(out)).toMatch(/h264/);
  });

  it('Ogg Opus: re-encoded smaller, still Opus in Ogg', async () => {
    const client = new RouteClient();
    const opus = path.join(tmp, 'a.opus');
    audioSample(opus, 'anoisesrc=duration=5', 'libopus', '256k');
    const audio = await runAndDownload(client, await postCompress(client, readFileSync(opus), 'a.opus'));
    expect(audio.created.target_format).toBe('opus');
    expect(audio.bytes.length).toBeLessThan(readFileSync(opus).length);
    const out = path.join(tmp, 'out.opus');
    writeFileSync(out, audio.bytes);
    expect(audio.bytes.subarray(0, 4).toString()).toBe('OggS');
    expect(streamCodecs(out).trim()).toBe('opus');
  });

  it('DOCX: pictures re-encoded and the package repacked, still a DOCX', async () => {
    const client = new RouteClient();
    const picture = await sharp(await makeNoisyPng(900, 700))
      .blur(2)
      .jpeg({ quality: 100 })
      .toBuffer();
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      '[Content_Types].xml',
      { compress: false },
    );
    zip.addBuffer(Buffer.from('<w:document xmlns:w="x"><w:body/></w:document>'.repeat(50)), 'word/document.xml', {
      compress: false,
    });
    zip.addBuffer(picture, 'word/media/image1.jpeg', { compress: false });
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const input = Buffer.concat(chunks);
    const { created, bytes } = await runAndDownload(client, await postCompress(client, input, 'report.docx'));
    expect(created.target_format).toBe('docx');
    expect(bytes.length).toBeLessThan(input.length * 0.8);
    writeFileSync(path.join(tmp, 'r.docx'), bytes);
    const list = run('unzip', ['-Z1', path.join(tmp, 'r.docx')]).toString();
    expect(list.split('\n')).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', 'word/media/image1.jpeg']),
    );
  });

  it('a format without a compressor is a 400 naming those with one; nothing is kept', async () => {
    const res = await postCompress(new RouteClient(), Buffer.from('just some text\n'), 'notes.txt');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('unsupported_format');
    expect(body.error).toMatch(/formats that compress: .*jpg.*pdf/);
    const bad = await postCompress(new RouteClient(), await photo(), 'p.jpg', { level: 'extreme' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/level/);
  });

  it('a stranger gets 403 on the results', async () => {
    const owner = new RouteClient();
    const { created } = await runAndDownload(owner, await postCompress(owner, await photo(), 'p.jpg'));
    const stranger = new RouteClient();
    const params = { id: String(created.id) };
    expect((await stranger.call(status.GET, { path: `/api/v1/convert/status/${created.id}`, params })).status).toBe(
      403,
    );
    expect((await stranger.call(download.GET, { path: `/api/v1/convert/download/${created.id}`, params })).status).toBe(
      403,
    );
  });
});
