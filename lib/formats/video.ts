import { ascii, hexAt } from './bytes';
import { recordsOf } from './format-record';
import * as m from './media-headers';

// Video. Containers that hold several formats (ISO media, ASF, MPEG-PS, Matroska, RealMedia) let
// the name choose among what the bytes allow; elementary streams are proven by their sync words.

const video = recordsOf('video');

export const VIDEO = {
  mp4: video('video/mp4', 'MP4 video', 'mp4', { detect: { container: 'iso-bmff' } }),
  webm: video('video/webm', 'WebM video', 'webm', { detect: { fileType: ['webm'] } }),
  mkv: video('video/x-matroska', 'Matroska video', 'mkv', { detect: { fileType: ['mkv'] } }),
  mov: video('video/quicktime', 'QuickTime video', 'mov', { detect: { container: 'iso-bmff' } }),
  avi: video('video/x-msvideo', 'AVI video', 'avi', { detect: { fileType: ['avi'] } }),
  flv: video('video/x-flv', 'Flash video', 'flv', { detect: { fileType: ['flv'] } }),
  wmv: video('video/x-ms-wmv', 'Windows Media video', 'wmv', { detect: { fileType: ['asf'] } }),
  asf: video('video/x-ms-asf', 'ASF video', 'asf', {
    detect: { refines: { fileType: ['asf'], when: (_b, ext) => ext === 'asf' } },
  }),
  mpeg: video('video/mpeg', 'MPEG-2 video', 'mpg', { aliases: ['mpg'], detect: { fileType: ['mpg'] } }),
  vob: video('video/dvd', 'DVD video object', 'vob', {
    detect: { refines: { fileType: ['mpg'], when: (b, ext) => ext === 'vob' && !m.isMpegVideoSequence(b) } },
  }),
  m2v: video('video/mpeg', 'MPEG video elementary stream', 'm2v', {
    aliases: ['mpv'],
    detect: { refines: { fileType: ['mpg'], when: m.isMpegVideoSequence } },
  }),
  '3gp': video('video/3gpp', '3GP video', '3gp', { detect: { fileType: ['3gp'], container: 'iso-bmff' } }),
  '3g2': video('video/3gpp2', '3GPP2 video', '3g2', { detect: { fileType: ['3g2'], container: 'iso-bmff' } }),
  ts: video('video/mp2t', 'MPEG transport stream', 'ts', { aliases: ['m2ts', 'mts'], detect: { fileType: ['mts'] } }),
  m4v: video('video/x-m4v', 'M4V video', 'm4v', { detect: { container: 'iso-bmff' } }),
  f4v: video('video/x-f4v', 'Flash MP4 video (F4V)', 'f4v', { detect: { container: 'iso-bmff' } }),
  ismv: video('video/vnd.ms-sstr+xml', 'Smooth Streaming video (ISMV)', 'ismv', { detect: { container: 'iso-bmff' } }),
  ogv: video('video/ogg', 'Ogg Theora video', 'ogv', { detect: { fileType: ['ogv'] } }),
  mxf: video('application/mxf', 'MXF video', 'mxf', { detect: { fileType: ['mxf'] } }),
  rm: video('application/vnd.rn-realmedia', 'RealMedia video', 'rm', {
    aliases: ['rmvb'],
    detect: { fileType: ['rm'] },
  }),
  swf: video('application/x-shockwave-flash', 'Flash SWF video', 'swf', { detect: { fileType: ['swf'] } }),
  nut: video('video/x-nut', 'NUT video', 'nut', {
    detect: { signature: (b) => ascii(b, 'nut/multimedia container\0') },
  }),
  y4m: video('video/x-yuv4mpeg', 'YUV4MPEG2 raw video', 'y4m', {
    detect: { signature: (b) => ascii(b, 'YUV4MPEG2 ') },
  }),
  ivf: video('video/x-ivf', 'IVF (VP8) video', 'ivf', {
    detect: { signature: (b) => ascii(b, 'DKIF') && b.readUInt16LE(4) === 0 && ascii(b, 'VP8', 8) },
  }),
  amv: video('video/x-amv', 'AMV video', 'amv', {
    detect: { signature: (b) => ascii(b, 'RIFF') && ascii(b, 'AMV ', 8) },
  }),
  wtv: video('video/x-wtv', 'Windows Recorded TV', 'wtv', {
    detect: { signature: (b) => hexAt(b, 'b7d800203749da11a64e0007e95ead8d') },
  }),
  gxf: video('application/gxf', 'GXF video', 'gxf', {
    detect: { signature: (b) => hexAt(b, '0000000001bc') && hexAt(b, '00000000e1e2', 10) },
  }),
  roq: video('video/x-roq', 'id RoQ video', 'roq', { detect: { signature: (b) => hexAt(b, '8410ffffffff') } }),
  dv: video('video/x-dv', 'DV video', 'dv', {
    detect: { signature: (b) => hexAt(b, '1f0700') && (b[3] & 0x3f) === 0x3f },
  }),
  // AV1 low-overhead bitstream: a temporal delimiter (with its size field) then a sequence header.
  obu: video('video/av1', 'AV1 bitstream (OBU)', 'obu', { detect: { signature: (b) => hexAt(b, '12000a') } }),
  h264: video('video/h264', 'H.264 elementary stream', 'h264', {
    aliases: ['264', 'avc'],
    detect: { signature: m.isH264 },
  }),
  hevc: video('video/h265', 'H.265/HEVC elementary stream', 'hevc', {
    aliases: ['265', 'h265'],
    detect: { signature: m.isHevc },
  }),
} as const;
