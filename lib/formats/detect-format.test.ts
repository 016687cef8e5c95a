import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_HEADS, mediaHead } from '@/tests/fixtures/media-heads';
import { buildZip, minimalDocx, odfSkeleton } from '@/tests/fixtures/zip';
import { detectFormat, isUtf8Text } from './detect-format';

const image = (fmt: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .toFormat(fmt, fmt === 'avif' ? { effort: 0 } : {})
    .toBuffer();

/** An ISO-BMFF head: ftyp with the given brands (+ optional extra boxes). */
const ftyp = (major: string, compat: string[], rest = Buffer.alloc(0)) => {
  const body = Buffer.from(major + '\0\0\0\0' + compat.join(''), 'latin1');
  const box = Buffer.alloc(8);
  box.writeUInt32BE(8 + body.length, 0);
  box.write('ftyp', 4, 'latin1');
  return Buffer.concat([box, body, rest]);
};

/** An OLE2 head: the CFB signature, padding, and a directory entry name in UTF-16LE. */
const cfb = (streamName?: string) =>
  Buffer.concat([
    Buffer.from('d0cf11e0a1b11ae1', 'hex'),
    Buffer.alloc(504),
    streamName ? Buffer.from(streamName, 'utf16le') : Buffer.alloc(0),
    Buffer.alloc(512),
  ]);

const ooxml = (dir: 'word' | 'xl' | 'ppt' | 'visio', main: string) =>
  buildZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(`<Types><Override PartName="/${dir}/x.xml" ContentType="${main}.main+xml"/></Types>`),
    },
    { name: `${dir}/x.xml`, data: Buffer.from('<x/>') },
  ]);

describe('detectFormat', () => {
  it('a TIFF whose first IFD lies past the head (a large first page) is still a TIFF', async () => {
    const noisy = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .tiff()
      .toBuffer();
    expect(noisy.readUInt32LE(4)).toBeGreaterThan(64 * 1024);
    expect(await detectFormat(noisy.subarray(0, 64 * 1024), 'scan.bin')).toBe('tiff');
  });

  it('detects images by content', async () => {
    expect(await detectFormat(await image('png'), 'a.png')).toBe('png');
    expect(await detectFormat(await image('jpeg'), 'a')).toBe('jpg');
    expect(await detectFormat(await image('webp'), 'a')).toBe('webp');
    expect(await detectFormat(await image('gif'), 'a')).toBe('gif');
    expect(await detectFormat(await image('tiff'), 'a')).toBe('tiff');
    expect(await detectFormat(await image('avif'), 'a')).toBe('avif');
    expect(await detectFormat(ftyp('heic', ['mif1', 'heic']), 'x')).toBe('heic');
    expect(await detectFormat(ftyp('mif1', ['mif1', 'heic']), 'x')).toBe('heic');
    expect(await detectFormat(ftyp('mif1', ['mif1', 'avif']), 'x')).toBe('avif');
  });

  it('never trusts the name across families', async () => {
    expect(await detectFormat(await image('png'), 'report.docx')).toBe('png');
    expect(await detectFormat(Buffer.from('just some words\n'), 'photo.png')).toBe('txt');
    expect(await detectFormat(Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n', 'latin1'), 'a.mp4')).toBe('pdf');
  });

  it('returns null for random bytes and empty input', async () => {
    // Deterministic "random" bytes (a hash chain), so the test can never flake on a lucky signature.
    const blocks: Buffer[] = [createHash('sha256').update('seed').digest()];
    while (blocks.length < 128) blocks.push(createHash('sha256').update(blocks.at(-1)!).digest());
    const noise = Buffer.concat(blocks);
    expect(await detectFormat(noise, 'a.png')).toBeNull();
    expect(await detectFormat(Buffer.alloc(0), 'a.txt')).toBeNull();
  });

  it('detects office ZIP packages only when their entries prove it', async () => {
    expect(await detectFormat(minimalDocx(['hi']), 'a.zip')).toBe('docx');
    expect(
      await detectFormat(ooxml('xl', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 'a'),
    ).toBe('xlsx');
    expect(
      await detectFormat(
        ooxml('ppt', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
        'a',
      ),
    ).toBe('pptx');
    expect(await detectFormat(odfSkeleton('application/vnd.oasis.opendocument.text'), 'a')).toBe('odt');
    expect(await detectFormat(odfSkeleton('application/vnd.oasis.opendocument.spreadsheet'), 'a')).toBe('ods');
    expect(await detectFormat(odfSkeleton('application/vnd.oasis.opendocument.presentation'), 'a')).toBe('odp');
    // A [Content_Types].xml without a main part: file-type says "zip", the word/ folder proves docx.
    const bare = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    expect(await detectFormat(bare, 'a.bin')).toBe('docx');
  });

  it('takes a ZIP that is not an office file for an archive, and refuses packages it does not claim', async () => {
    const plain = buildZip([{ name: 'notes.txt', data: Buffer.from('hello') }]);
    expect(await detectFormat(plain, 'a.docx')).toBe('zip'); // an archive, whatever its name
    expect(await detectFormat(odfSkeleton('application/vnd.oasis.opendocument.formula'), 'a.odt')).toBeNull();
    const visio = ooxml('visio', 'application/vnd.ms-visio.drawing');
    expect(await detectFormat(visio, 'a.docx')).toBeNull(); // vsdx: not a format we claim
  });

  it('tells doc, xls and ppt apart inside OLE2', async () => {
    expect(await detectFormat(cfb('WordDocument'), 'a.xls')).toBe('doc');
    expect(await detectFormat(cfb('Workbook'), 'a')).toBe('xls');
    expect(await detectFormat(cfb('PowerPoint Document'), 'a')).toBe('ppt');
    // Directory beyond the head: the name chooses, but only among the three.
    expect(await detectFormat(cfb(), 'a.ppt')).toBe('ppt');
    expect(await detectFormat(cfb(), 'a.docx')).toBeNull();
  });

  it('classifies text: html by its start, csv by name, else txt', async () => {
    expect(await detectFormat(Buffer.from('\uFEFF  <!DOCTYPE html><html><body>x</body></html>'), 'a.txt')).toBe('html');
    expect(await detectFormat(Buffer.from('<html lang="en"><p>x'), 'a')).toBe('html');
    expect(await detectFormat(Buffer.from('a,b\n1,2\n'), 'table.CSV')).toBe('csv');
    expect(await detectFormat(Buffer.from('a,b\n1,2\n'), 'table.txt')).toBe('txt');
    expect(await detectFormat(Buffer.from('#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n'), 'a.mp4')).toBe('txt');
    expect(await detectFormat(Buffer.from('{\\rtf1\\ansi hello}'), 'a.txt')).toBe('rtf');
    expect(await detectFormat(Buffer.from([0x68, 0x69, 0x00, 0x21]), 'a.txt')).toBeNull(); // NUL: binary
    expect(await detectFormat(Buffer.from([0x68, 0xc3, 0x28]), 'a.txt')).toBeNull(); // invalid UTF-8
  });

  it('accepts a multi-byte character cut at the end of the head', () => {
    const euro = Buffer.from('price: €', 'utf8');
    expect(isUtf8Text(euro.subarray(0, euro.length - 1))).toBe(true);
  });

  it('detects every media container', async () => {
    for (const name of Object.keys(MEDIA_HEADS) as Array<keyof typeof MEDIA_HEADS>) {
      expect(await detectFormat(mediaHead(name), 'upload.bin'), name).toBe(name);
    }
  });

  it('chooses mp4 / mov / m4a within ISO media by name, brand or track kinds', async () => {
    expect(await detectFormat(mediaHead('mp4'), 'song.m4a')).toBe('m4a');
    expect(await detectFormat(mediaHead('m4a'), 'clip.mp4')).toBe('mp4');
    expect(await detectFormat(mediaHead('mov'), 'clip.mov')).toBe('mov');
    expect(await detectFormat(mediaHead('mp4'), 'clip.png')).toBe('mp4');
    const hdlr = (kind: string) =>
      Buffer.concat([Buffer.from('hdlr', 'latin1'), Buffer.alloc(8), Buffer.from(kind, 'latin1')]);
    const moov = (kinds: string[]) => Buffer.concat([Buffer.from('....moov', 'latin1'), ...kinds.map(hdlr)]);
    expect(await detectFormat(ftyp('isom', ['isom', 'mp41'], moov(['soun'])), 'x')).toBe('m4a');
    expect(await detectFormat(ftyp('isom', ['isom', 'mp41'], moov(['vide', 'soun'])), 'x')).toBe('mp4');
  });
});

describe('signatures of formats file-type does not know', () => {
  const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc(600)]);
  it('reads netpbm, DDS, FITS, Radiance, Sun raster and MIFF from their first bytes', async () => {
    expect(await detectFormat(Buffer.from('P6\n2 2\n255\n\0\0\0\0\0\0\0\0\0\0\0\0'), 'x')).toBe('ppm');
    expect(await detectFormat(Buffer.from('P1\n2 2\n0 1\n1 0\n'), 'x.txt')).toBe('pbm');
    expect(await detectFormat(pad(Buffer.from('DDS |')), 'x')).toBe('dds');
    expect(await detectFormat(pad(Buffer.from('SIMPLE  =                    T')), 'x.txt')).toBe('fits');
    expect(await detectFormat(Buffer.from('#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 1 +X 1\n\x02\x02'), 'x')).toBe(
      'hdr',
    );
    expect(await detectFormat(pad(Buffer.from('59a66a95', 'hex')), 'x')).toBe('ras');
  });

  it('tells a Targa header from an icon (both may start 00 00 02 00)', async () => {
    const tga = Buffer.alloc(18 + 4 * 4);
    tga[2] = 2; // truecolour
    tga.writeUInt16LE(2, 12);
    tga.writeUInt16LE(2, 14);
    tga[16] = 32;
    expect(await detectFormat(tga, 'x.ico')).toBe('tga');
    const cur = Buffer.alloc(64);
    cur.set([0, 0, 2, 0, 1, 0, 16, 16, 0, 0, 1, 0, 1, 0, 40, 0, 0, 0, 22, 0, 0, 0]);
    expect(await detectFormat(cur, 'x')).toBe('cur');
  });

  it('names text markup by content first, then by name', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<!-- a -->\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await detectFormat(svg, 'drawing.md')).toBe('svg');
    expect(await detectFormat(Buffer.from('/* XPM */\nstatic char *x[] = {};'), 'x.c')).toBe('xpm');
    expect(await detectFormat(Buffer.from('# Title\n'), 'notes.md')).toBe('md');
    const xhtml =
      '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "x">\n<html>';
    expect(await detectFormat(Buffer.from(xhtml), 'page.txt')).toBe('html');
    expect(await detectFormat(Buffer.from('<article><title>x</title></article>'), 'a.xml')).toBe('xml'); // not proven JATS or DocBook: XML data
    expect(await detectFormat(Buffer.from('{"cells": []}'), 'a.ipynb')).toBe('ipynb');
    expect(await detectFormat(Buffer.from('{"cells": []}'), 'a.json')).toBe('json');
  });
});
