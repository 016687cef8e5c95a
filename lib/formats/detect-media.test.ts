import { describe, expect, it } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { mediaHead } from '@/tests/fixtures/media-heads';
import {
  dsfSample,
  itSample,
  midiSample,
  modSample,
  rmiSample,
  s3mSample,
  xmSample,
} from '@/tests/fixtures/samples-media-music';
import { SUBTITLES } from '@/tests/fixtures/samples-media';
import { detectFormat } from './detect-format';

// Audio, video and subtitle signatures (./audio.ts, ./video.ts, ./subtitle.ts): what the bytes
// prove, where the name may choose inside a container, and look-alikes that must not match.

const hex = (h: string, pad = 256) => Buffer.concat([Buffer.from(h, 'hex'), Buffer.alloc(pad, 0x55)]);
const text = (s: string, pad = 256) => Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(pad, 0x55)]);

/** First bytes of files ffmpeg 5.1 wrote (`-f lavfi -i testsrc/sine`). */
const HEADS: Record<string, string> = {
  opus: '4f67675300020000000000000000b10028aa0000000093d06e5201134f707573486561640101380180bb00000000004f676753',
  spx: '4f6767530002000000000000000051c4dbf10000000099ef8aa601505370656578202020312e322e3100000000000000000000',
  mkv: '1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61428781044285810218538067010000000000172f',
  eac3: '0b7700cf7287c00021061870c3bdc3aefdf3eaef9f3f7cf9f3e7d0abbe7c0c04f5ebd941f011ac40c8615fafbedd1400f4f5ab',
  ac3: '0b77cc4b1c40e1ff3fb3d8007d5fd7bd77f79ef4f73d7c7df1e3ecfaf40c82a5a3b9f8c7bd0d400000000000000000000000',
  m2v: '000001b30a007823ffffe018000001b5148a00010000000001b80008004000000100000ffff8000001b58ffff341800000010123',
  mpegps: '000001ba44000400040143435bf80000',
  asf: '3026b2758e66cf11a6d900aa0062ce6cfd02000000000000060000000102a1dcab8c47a9cf118ee400c00c205365680000000000',
  rm: '2e524d46000000120000000000000000000550524f5000000032000000001f4000001f40000004000000001400000033000000',
  mxf: '060e2b34020501010d01020101020400830000880001000300000200000000000000000000000000000000000000000000027800',
  swf: '46575306d69f0000680019000004b00000191900460b0e2ee40600000a0f00001900a0007800000295063601000000c9000040',
};
const head = (k: string) => hex(HEADS[k], 4096);

/** An ISO-BMFF head: ftyp with a major brand, then an mdat. */
const ftyp = (brand: string) =>
  Buffer.concat([
    Buffer.from('00000018667479700000', 'hex').subarray(0, 8),
    Buffer.from(`${brand}\0\0\0\0isom`, 'latin1'),
    Buffer.from('000000086d646174', 'hex'),
  ]);

/** Annex B NAL units: a start code before each header byte, with some payload. */
const annexB = (...nals: number[]) =>
  Buffer.concat([
    ...nals.map((n) => Buffer.concat([Buffer.from('00000001', 'hex'), Buffer.from([n]), Buffer.alloc(20, 0x42)])),
    Buffer.alloc(64, 0x42),
  ]);

/** Raw GSM: 33-byte frames starting with the 0xD nibble. */
const gsm = (frames: number, badAt = -1) =>
  Buffer.concat(
    Array.from({ length: frames }, (_, i) =>
      Buffer.concat([Buffer.from([i === badAt ? 0x5a : 0xd2]), Buffer.alloc(32, 0x3a)]),
    ),
  );

describe('media: containers file-type names', () => {
  it('Ogg Opus and Ogg Speex are their own inputs, not Ogg Vorbis', async () => {
    expect(await detectFormat(head('opus'), 'song.ogg')).toBe('opus');
    expect(await detectFormat(head('spx'), 'voice.ogg')).toBe('spx');
  });

  it('the name chooses inside Matroska, ASF and RealMedia; the bytes without a name give the default', async () => {
    expect(await detectFormat(head('mkv'), 'a.mka')).toBe('mka');
    expect(await detectFormat(head('mkv'), 'a.bin')).toBe('mkv');
    expect(await detectFormat(mediaHead('webm'), 'a.weba')).toBe('weba');
    expect(await detectFormat(mediaHead('webm'), 'a.bin')).toBe('webm');
    expect(await detectFormat(head('asf'), 'a.asf')).toBe('asf');
    expect(await detectFormat(head('asf'), 'a.wma')).toBe('wma');
    expect(await detectFormat(head('asf'), 'a.bin')).toBe('wmv');
    expect(await detectFormat(head('rm'), 'a.ra')).toBe('ra');
    expect(await detectFormat(head('rm'), 'a.mp3')).toBe('rm');
    expect(await detectFormat(head('mxf'), 'a')).toBe('mxf');
    expect(await detectFormat(head('swf'), 'a')).toBe('swf');
  });

  it('AIFF-C is told from AIFF by its form type', async () => {
    expect(await detectFormat(text('FORM\x00\x01\x58\xc8AIFCFVER\0\0\0\x04'), 'a.aiff')).toBe('aifc');
    expect(await detectFormat(text('FORM\x00\x01\x58\xc8AIFFCOMM\0\0\0\x12'), 'a.aifc')).toBe('aiff');
  });

  it('E-AC-3 is told from AC-3 by its bitstream id, whatever the name', async () => {
    expect(await detectFormat(head('eac3'), 'a.ac3')).toBe('eac3');
    expect(await detectFormat(head('ac3'), 'a.eac3')).toBe('ac3');
  });

  it('an MPEG video elementary stream is not a program stream', async () => {
    expect(await detectFormat(head('m2v'), 'a.mpg')).toBe('m2v');
    expect(await detectFormat(hex(HEADS.mpegps, 4096), 'a.m2v')).toBe('mpeg');
  });

  it('ISO media brands: F4V, Smooth Streaming, M4B, 3GPP2; the name chooses among them', async () => {
    expect(await detectFormat(ftyp('f4v '), 'a.bin')).toBe('f4v');
    expect(await detectFormat(ftyp('isml'), 'a.bin')).toBe('ismv');
    expect(await detectFormat(ftyp('M4B '), 'a.bin')).toBe('m4b');
    expect(await detectFormat(ftyp('3g2a'), 'a.bin')).toBe('3g2');
    expect(await detectFormat(ftyp('M4A '), 'a.m4b')).toBe('m4b');
    expect(await detectFormat(ftyp('isom'), 'a.f4v')).toBe('f4v');
    expect(await detectFormat(ftyp('isom'), 'a.bin')).toBe('mp4');
    expect(await detectFormat(ftyp('M4A '), 'a.m4r')).toBe('m4r');
  });
});

describe('media: signatures', () => {
  const cases: Array<[FormatName, Buffer]> = [
    ['nut', text('nut/multimedia container\0')],
    ['y4m', text('YUV4MPEG2 W160 H120 F25:1 Ip A1:1 C420jpeg\nFRAME\n')],
    ['ivf', hex('444b494600002000565038301000100019000000')],
    ['tta', text('TTA1\x01\x00\x01\x00\x10\x00')],
    ['sox', text('.SoX\x1c\x00\x00\x00')],
    ['mmf', text('MMMD\x00\x00\x10TCNTI')],
    ['rf64', text('RF64\xff\xff\xff\xffWAVEds64')],
    ['amv', text('RIFF\x00\x00\x00\x00AMV LIST')],
    ['w64', hex('726966662e91cf11a5d628db04c10000' + '0000000000000000' + '77617665f3acd3118cd100c04f8edb8a')],
    ['wtv', hex('b7d800203749da11a64e0007e95ead8d')],
    ['gxf', hex('0000000001bc0000015800000000e1e2')],
    ['roq', hex('8410ffffffff1e00')],
    ['dv', hex('1f07003ff9797979')],
    ['dts', hex('7ffe8001fc3c75b0')],
    ['truehd', hex('8039ffd8f8726fba')],
    ['mlp', hex('8033ffd8f8726fbb')],
    ['ircam', hex('64a30100000044ac')],
    ['ircam', hex('0002a364000044ac')],
    ['adx', hex('80000020031204010000ac440000ac80' + '00'.repeat(14) + Buffer.from('(c)CRI').toString('hex'))],
    ['obu', hex('12000a0b00000024')],
    ['h264', annexB(0x67, 0x68, 0x65)],
    ['hevc', annexB(0x40, 0x42, 0x44, 0x26)],
    ['gsm', gsm(20)],
    ['amr', text('#!AMR\n\x3c')],
    ['awb', text('#!AMR-WB\n\x44')],
    ['mid', midiSample()],
    ['mod', modSample()],
    ['rmi', rmiSample()],
    ['xm', xmSample()],
    ['s3m', s3mSample()],
    ['it', itSample()],
    ['dsf', dsfSample()],
  ];
  it.each(cases)('%s', async (format, bytes) => {
    expect(await detectFormat(bytes, 'upload.bin')).toBe(format);
  });

  it('look-alikes are not taken', async () => {
    // An H.264 start code without the parameter set that must follow a sequence header.
    expect(await detectFormat(annexB(0x67, 0x65), 'a.h264')).not.toBe('h264');
    // ADX's 0x8000 without the CRI mark; IVF with an unknown codec; GSM with one frame off.
    expect(await detectFormat(hex('80000020031204010000ac440000ac80'), 'a.adx')).not.toBe('adx');
    expect(await detectFormat(hex('444b4946000020004d4a5047'), 'a.ivf')).not.toBe('ivf');
    expect(await detectFormat(gsm(20, 7), 'a.gsm')).not.toBe('gsm');
    expect(await detectFormat(gsm(5), 'a.gsm')).not.toBe('gsm');
    // 'M.K.' at the module tag's offset in a file whose sample headers are out of range.
    const notMod = Buffer.alloc(2048, 0x41);
    notMod.write('M.K.', 1080, 'latin1');
    expect(await detectFormat(notMod, 'a.mod')).not.toBe('mod');
  });
});

describe('media: subtitles by content', () => {
  const samples = Object.entries(SUBTITLES) as Array<[FormatName, [string, string]]>;
  it.each(samples)('%s', async (format, [, content]) => {
    expect(await detectFormat(Buffer.from(content), 'upload.txt')).toBe(format);
  });

  it('TTML needs its namespace; plain text, CSV and INI files stay what they were', async () => {
    const ttml =
      '<?xml version="1.0"?>\n<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">Hi</p></div></body></tt>\n';
    expect(await detectFormat(Buffer.from(ttml), 'a.xml')).toBe('ttml');
    expect(await detectFormat(Buffer.from('<tt><p>not ttml</p></tt>\n'), 'a.txt')).not.toBe('ttml');
    expect(await detectFormat(Buffer.from('id,count,name\n1,2,"a"\n3,4,"b"\n'), 'a.csv')).toBe('csv');
    expect(await detectFormat(Buffer.from('[main]\nkey=value\n[other]\nx=1\n'), 'a.txt')).not.toBe('lrc');
    expect(
      await detectFormat(Buffer.from('Meeting at 10:30:00 today\nand at 11:00:00 again\nbring notes\n'), 'a.txt'),
    ).toBe('txt');
    // Chat logs time-stamp their lines too.
    const log = '12:00:01 <ann> hi\n12:00:05 <bob> hello\n12:01:00 <ann> bye\n';
    expect(await detectFormat(Buffer.from(log), 'chat.txt')).toBe('txt');
    expect(await detectFormat(Buffer.from(log.replace(/^(\S+)/gm, '[$1]')), 'chat.txt')).toBe('txt');
    expect(await detectFormat(Buffer.from(log.replace(/^(\d+:\d+)/gm, '[$1]')), 'chat.txt')).toBe('txt');
    // SSA (v4.00) and ASS (v4.00+) share the [Script Info] header.
    expect(await detectFormat(Buffer.from('[Script Info]\nScriptType: v4.00\n'), 'a.ass')).toBe('ssa');
    expect(await detectFormat(Buffer.from('[Script Info]\nScriptType: v4.00+\n'), 'a.ssa')).toBe('ass');
  });
});
