import { describe, expect, it } from 'vitest';
import { biorad, dicom, dng, msp, tim, xcf } from '@/tests/fixtures/samples-raster';
import { detectFormat } from './detect-format';

// Raster images (./image.ts, ./image-headers.ts): magic numbers, file-type refinements,
// and the header-only formats, which need every field legal (and the name, where the bytes allow
// almost anything).

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');
const latin1 = (s: string) => Buffer.from(s, 'latin1');
const withTail = (head: Buffer, n = 64) => Buffer.concat([head, Buffer.alloc(n, 0x80)]);

/** A Photoshop header: '8BPS', version (1 PSD, 2 PSB), 3 channels 48×64, 8-bit RGB. */
const photoshop = (version: number) => {
  const h = Buffer.alloc(64);
  h.write('8BPS', 0, 'latin1');
  h.writeUInt16BE(version, 4);
  h.writeUInt16BE(3, 12);
  h.writeUInt32BE(48, 14);
  h.writeUInt32BE(64, 18);
  h.writeUInt16BE(8, 22);
  h.writeUInt16BE(3, 24);
  return h;
};

describe('detectFormat: raster images', () => {
  it('tells a PSB from a PSD by the version, and a J2K codestream from a JP2 file', async () => {
    expect(await detectFormat(photoshop(1), 'a.psd')).toBe('psd');
    expect(await detectFormat(photoshop(2), 'a.psd')).toBe('psb');
    expect(await detectFormat(withTail(hex('ff4fff51 002f 0000')), 'a.jp2')).toBe('j2k');
  });

  it('takes a JPEG stream with a JPEG-LS frame as JPEG-LS, whatever its name', async () => {
    const jls = withTail(hex('ffd8 fff7 000b 08 0030 0040 01 011100'));
    expect(await detectFormat(jls, 'photo.jpg')).toBe('jls');
    const baseline = withTail(hex('ffd8 ffe0 0010 4a46494600 0101 0000010001 0000 ffc0 000b 08 0030 0040 01 011100'));
    expect(await detectFormat(baseline, 'photo.jls')).toBe('jpg');
  });

  it('takes a TIFF with DNGVersion as DNG, a plain TIFF as TIFF', async () => {
    expect(await detectFormat(dng(), 'photo.tiff')).toBe('dng');
    const tiff = Buffer.from(dng());
    tiff.writeUInt16LE(50707, 8 + 2 + 12 * 15); // DNGVersion → an unknown tag
    expect(await detectFormat(tiff, 'photo.dng')).toBe('tiff');
  });

  it('recognises the magic numbers', async () => {
    expect(await detectFormat(dicom(), 'scan')).toBe('dcm');
    expect(await detectFormat(xcf(), 'x')).toBe('xcf');
    expect(await detectFormat(tim(), 'x')).toBe('tim');
    expect(await detectFormat(tim().subarray(0, 8), 'x')).toBeNull(); // no block: the id alone is not enough
    expect(await detectFormat(msp(), 'x')).toBe('msp');
    expect(await detectFormat(biorad(), 'x')).toBe('biorad');
    const badSum = msp();
    badSum[24] ^= 1;
    expect(await detectFormat(badSum, 'x.msp')).toBeNull();
    expect(await detectFormat(withTail(hex('1ef10d90 03000000')), 'x')).toBe('vbn');
    expect(await detectFormat(withTail(latin1('qoif\0\0\0\x40\0\0\0\x30\x03\x00')), 'x')).toBe('qoi');
    expect(await detectFormat(withTail(hex('762f3101 02000000')), 'x')).toBe('exr');
    expect(await detectFormat(withTail(hex('b168de3a')), 'x')).toBe('dcx');
    expect(await detectFormat(withTail(hex('08f2a6b6')), 'x')).toBe('vips');
    expect(await detectFormat(withTail(latin1("LBLSIZE=4096 FORMAT='BYTE'")), 'x')).toBe('vicar');
    expect(await detectFormat(withTail(latin1('\x1bP0;0;0q"1;1;64;48#0;2;0;0;0')), 'x')).toBe('sixel');
    expect(await detectFormat(withTail(latin1('PF\n64 48\n-1.0\n')), 'x')).toBe('pfm');
    expect(await detectFormat(withTail(latin1('Ph\n64 48\n-1.0\n')), 'x')).toBe('phm');
    expect(await detectFormat(withTail(latin1('PG ML + 16 64 48\n')), 'x')).toBe('pgx');
    expect(await detectFormat(withTail(latin1('iiii\x04\0\0\x00100fdata')), 'x')).toBe('ipl');
    const pcd = Buffer.alloc(4096, 0xff);
    pcd.write('PCD_IPI', 2048, 'latin1');
    expect(await detectFormat(pcd, 'x')).toBe('pcd');
    const palmdb = Buffer.alloc(128);
    palmdb.write('vIMGView', 60, 'latin1');
    expect(await detectFormat(palmdb, 'x.pdb')).toBe('palmdb');
  });

  it('reads CALS from its header records and PICT from the version opcode after 512 bytes', async () => {
    const record = (s: string) => latin1(s.padEnd(128, ' '));
    const cals = Buffer.concat([record('srcdocid: NONE'), record('rtype: 1'), record('rpelcnt: 000064,000048')]);
    expect(await detectFormat(withTail(cals), 'x')).toBe('cals');
    const pict = Buffer.alloc(600);
    hex('0000 0000 0000 0030 0040 0011 02ff').copy(pict, 512);
    expect(await detectFormat(pict, 'x.pct')).toBe('pict');
    hex('0030 0000 0000 0040').copy(pict, 514); // bottom above top: not a frame
    expect(await detectFormat(pict, 'x.pct')).toBeNull();
  });

  it('takes the header-only bi-level formats only with a legal header and, when tiny, the exact size', async () => {
    const otb = Buffer.concat([hex('00 40 30 01'), Buffer.alloc(384, 0x55)]);
    expect(await detectFormat(otb, 'x.otb')).toBe('otb');
    expect(await detectFormat(otb.subarray(0, 300), 'x.otb')).toBeNull();
    const wbmp = Buffer.concat([hex('00 00 40 30'), Buffer.alloc(384, 0x55)]);
    expect(await detectFormat(wbmp, 'x.wbmp')).toBe('wbmp');
    expect(await detectFormat(Buffer.concat([wbmp, hex('00')]), 'x.wbmp')).toBeNull();
    // JBIG's BIH: DL 0, D 0, 1 plane, 64×48, L0 2, MX 8, MY 0, order and options in range.
    const jbig = withTail(hex('00000100 00000040 00000030 00000002 0800031c'));
    expect(await detectFormat(jbig, 'x.jbg')).toBe('jbig');
    jbig[17] = 1; // MY must be 0
    expect(await detectFormat(jbig, 'x.jbg')).toBeNull();
    // Palm bitmap: 64×48, 64 row bytes at 8 bits, version 1, no compression.
    const palm = withTail(hex('0040 0030 0040 0400 08 01 0000 00 ff 0000'));
    expect(await detectFormat(palm, 'x.palm')).toBe('palm');
    palm.writeUInt16BE(63, 4); // row bytes must be word-aligned and fit the width
    expect(await detectFormat(palm, 'x.palm')).toBeNull();
  });

  it('lets the name choose MTV and Alias PIX only among what their headers allow', async () => {
    const mtv = withTail(latin1('64 48\n'), 64 * 48 * 3);
    expect(await detectFormat(mtv, 'x.mtv')).toBe('mtv');
    expect(await detectFormat(mtv, 'x.bin')).toBeNull();
    expect(await detectFormat(latin1('64 48\nnot an image\n'), 'notes.txt')).toBe('txt');
    const pix = withTail(hex('0040 0030 0000 0000 0018 05 ff0000'));
    expect(await detectFormat(pix, 'x.pix')).toBe('pix');
    expect(await detectFormat(pix, 'x.bin')).toBeNull();
    pix.writeUInt16BE(16, 8); // only 8 or 24 bits
    expect(await detectFormat(pix, 'x.pix')).toBeNull();
  });

  it('tells an Amiga ILBM from an AIFF (both IFF FORMs) and reads the Netpbm magic numbers', async () => {
    expect(await detectFormat(withTail(latin1('FORM\0\0\x0f\xd0ILBMBMHD')), 'a.aiff')).toBe('ilbm');
    expect(await detectFormat(withTail(latin1('FORM\0\0\x0f\xd0AIFFCOMM')), 'a.iff')).toBe('aiff');
    expect(await detectFormat(withTail(hex('f10040bb 00000040 00000030 0001')), 'x')).toBe('cmuwm');
    expect(await detectFormat(withTail(latin1('This is a BitMap file@\x000')), 'x')).toBe('lispm');
    expect(await detectFormat(withTail(latin1('GARMIN BITMAP 01')), 'x')).toBe('srf');
    expect(await detectFormat(withTail(latin1('.MDAMicroDesignPCWv1')), 'x')).toBe('mda');
    expect(await detectFormat(withTail(latin1('ST-6 Image\n\rHeight=48\n\rWidth=64\n\rEnd\n\r\x1a')), 'x')).toBe(
      'sbig',
    );
    expect(await detectFormat(withTail(hex('52cc 0000 0000 4000 3000 0a 03 08 00 08')), 'x')).toBe('rle');
    expect(await detectFormat(withTail(latin1('yz!  P! ')), 'x')).toBe('mgr');
    expect(await detectFormat(withTail(latin1('P7 332\n#END_OF_COMMENTS\n64 48 255\n')), 'x')).toBe('xvmini');
    expect(await detectFormat(withTail(latin1('P7\nWIDTH 64\nHEIGHT 48\n')), 'x')).toBe('pam');
    expect(await detectFormat(withTail(hex('0001 0008 0001 0001 0174 0174 0040 0030')), 'x.img')).toBe('gem');
    expect(await detectFormat(withTail(hex('0001 0008 0001 0000 0174 0174 0040 0030')), 'x.img')).toBeNull();
  });

  it('takes Atari screens and faces only at their exact sizes', async () => {
    const degas = (res: number, size: number) => {
      const b = Buffer.alloc(size);
      b.writeUInt16BE(res, 0);
      b.writeUInt16BE(0x0777, 2);
      return b;
    };
    expect(await detectFormat(degas(0, 32034), 'x.pi1')).toBe('pi1');
    expect(await detectFormat(degas(2, 32034), 'x.pi3')).toBe('pi3');
    expect(await detectFormat(degas(0, 32035), 'x.pi1')).toBeNull();
    const neo = Buffer.alloc(32128);
    expect(await detectFormat(neo, 'x.neo')).toBe('neo');
    neo.writeUInt16BE(0xf000, 4); // not a 12-bit colour
    expect(await detectFormat(neo, 'x.neo')).toBeNull();
    const ybm = Buffer.concat([latin1('!!'), hex('0030 0030'), Buffer.alloc(6 * 48, 0x55)]);
    expect(await detectFormat(ybm, 'x.ybm')).toBe('ybm');
    expect(await detectFormat(ybm.subarray(0, 200), 'x.ybm')).toBeNull();
  });

  it('names the text images by their first line', async () => {
    const icon = '/* Format_version=1, Width=16, Height=2, Depth=1, Valid_bits_per_item=16\n */\n 0x0000,0x0000\n';
    expect(await detectFormat(Buffer.from(icon), 'x.txt')).toBe('sunicon');
    expect(await detectFormat(Buffer.from('\\begindata{raster,1}\n2 0 68266 68266 0 0 64 48\n'), 'x')).toBe('atk');
    const face = 'FirstName: \nLastName: \nPicData: 64 48 8\nImage: 64 48 8\n\n00ff\n';
    expect(await detectFormat(Buffer.from(face), 'x.txt')).toBe('fs');
    expect(await detectFormat(Buffer.from('FirstName: Ada\nLastName: Lovelace\n'), 'x.txt')).toBe('txt');
  });
});
