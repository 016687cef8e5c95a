import { ascii, hexAt } from './bytes';
import { recordsOf } from './format-record';
import * as m from './media-headers';

// Audio. Containers that hold several formats (ASF, Matroska, WebM, RealMedia, ISO media) let the
// name choose among what the bytes allow; the loose headers (ADX, GSM frames) are asked last.

const audio = recordsOf('audio');

export const AUDIO = {
  mp3: audio('audio/mpeg', 'MP3 audio', 'mp3', { detect: { fileType: ['mp3'] } }),
  wav: audio('audio/wav', 'WAV audio', 'wav', { detect: { fileType: ['wav'] } }),
  ogg: audio('audio/ogg', 'Ogg Vorbis audio', 'ogg', { aliases: ['oga'], detect: { fileType: ['ogg', 'oga'] } }),
  flac: audio('audio/flac', 'FLAC audio', 'flac', { detect: { fileType: ['flac'] } }),
  m4a: audio('audio/mp4', 'M4A audio', 'm4a', { detect: { container: 'iso-bmff' } }),
  aac: audio('audio/aac', 'AAC audio', 'aac', { detect: { fileType: ['aac'] } }),
  // Ogg with an OpusHead / Speex header: each is its own input.
  opus: audio('audio/ogg; codecs=opus', 'Opus audio', 'opus', { detect: { fileType: ['opus'] } }),
  spx: audio('audio/ogg; codecs=speex', 'Speex audio', 'spx', { detect: { fileType: ['spx'] } }),
  wma: audio('audio/x-ms-wma', 'Windows Media audio', 'wma', {
    detect: { refines: { fileType: ['asf'], when: (_b, ext) => ext === 'wma' } },
  }),
  aiff: audio('audio/aiff', 'AIFF audio', 'aiff', { aliases: ['aif'], detect: { fileType: ['aif'] } }),
  // AIFF-C (compressed or little-endian sound data) has its own form type.
  aifc: audio('audio/x-aifc', 'AIFF-C audio', 'aifc', {
    detect: { refines: { fileType: ['aif'], when: (b) => ascii(b, 'AIFC', 8) } },
  }),
  ac3: audio('audio/ac3', 'Dolby Digital (AC-3) audio', 'ac3', { detect: { fileType: ['ac3'] } }),
  // bsid above 10 is Enhanced AC-3.
  eac3: audio('audio/eac3', 'Dolby Digital Plus (E-AC-3) audio', 'eac3', {
    detect: { refines: { fileType: ['ac3'], when: (b) => b.length > 5 && b[5] >> 3 > 10 } },
  }),
  mp2: audio('audio/mpeg', 'MPEG-1 Layer II audio', 'mp2', { detect: { fileType: ['mp2'] } }),
  au: audio('audio/basic', 'Sun/NeXT audio', 'au', {
    aliases: ['snd'],
    detect: { signature: (b) => ascii(b, '.snd') },
  }),
  caf: audio('audio/x-caf', 'Core Audio (ALAC)', 'caf', { detect: { fileType: ['caf'] } }),
  wv: audio('audio/x-wavpack', 'WavPack audio', 'wv', { detect: { fileType: ['wv'] } }),
  voc: audio('audio/x-voc', 'Creative Voice audio', 'voc', { detect: { fileType: ['voc'] } }),
  mka: audio('audio/x-matroska', 'Matroska audio', 'mka', {
    detect: { refines: { fileType: ['mkv'], when: (_b, ext) => ext === 'mka' } },
  }),
  m4b: audio('audio/mp4', 'M4B audiobook', 'm4b', { detect: { container: 'iso-bmff' } }),
  m4r: audio('audio/x-m4r', 'iPhone ringtone (M4R)', 'm4r', { detect: { container: 'iso-bmff' } }),
  weba: audio('audio/webm', 'WebM audio', 'weba', {
    detect: { refines: { fileType: ['webm'], when: (_b, ext) => ext === 'weba' } },
  }),
  ra: audio('audio/x-pn-realaudio', 'RealAudio', 'ra', {
    detect: { refines: { fileType: ['rm'], when: (_b, ext) => ext === 'ra' } },
  }),
  // AMR speech: the narrow- and wide-band storage formats' magic lines.
  amr: audio('audio/amr', 'AMR-NB speech audio', 'amr', { detect: { signature: (b) => ascii(b, '#!AMR\n') } }),
  awb: audio('audio/amr-wb', 'AMR-WB speech audio', 'awb', { detect: { signature: (b) => ascii(b, '#!AMR-WB\n') } }),
  mid: audio('audio/midi', 'MIDI music', 'mid', {
    aliases: ['midi', 'kar'],
    detect: { signature: (b) => ascii(b, 'MThd\0\0\0\x06') },
  }),
  rmi: audio('audio/mid', 'RIFF MIDI music', 'rmi', {
    detect: { signature: (b) => ascii(b, 'RIFF') && ascii(b, 'RMIDdata', 8) && ascii(b, 'MThd', 20) },
  }),
  dsf: audio('audio/x-dsf', 'DSD stream file (DSF)', 'dsf', {
    detect: { signature: (b) => ascii(b, 'DSD \x1c\0\0\0') && ascii(b, 'fmt ', 28) },
  }),
  mod: audio('audio/x-mod', 'ProTracker module', 'mod', { detect: { signature: m.isMod } }),
  xm: audio('audio/x-xm', 'FastTracker 2 module', 'xm', {
    detect: { signature: (b) => ascii(b, 'Extended Module: ') && b[37] === 0x1a },
  }),
  s3m: audio('audio/x-s3m', 'Scream Tracker 3 module', 's3m', {
    detect: { signature: (b) => ascii(b, 'SCRM', 44) && b[28] === 0x1a && b[29] === 16 },
  }),
  it: audio('audio/x-it', 'Impulse Tracker module', 'it', { detect: { signature: m.isImpulseTracker } }),
  tta: audio('audio/x-tta', 'True Audio (TTA)', 'tta', { detect: { signature: (b) => ascii(b, 'TTA1') } }),
  sox: audio('audio/x-sox', 'SoX native audio', 'sox', {
    detect: { signature: (b) => ascii(b, '.SoX') || ascii(b, 'XoS.') },
  }),
  mmf: audio('application/vnd.smaf', 'Yamaha SMAF audio', 'mmf', { detect: { signature: (b) => ascii(b, 'MMMD') } }),
  rf64: audio('audio/x-rf64', 'RF64 (large WAV) audio', 'rf64', {
    detect: { signature: (b) => ascii(b, 'RF64') && ascii(b, 'WAVE', 8) },
  }),
  w64: audio('audio/x-w64', 'Sony Wave64 audio', 'w64', { detect: { signature: m.isWave64 } }),
  dts: audio('audio/vnd.dts', 'DTS audio', 'dts', { detect: { signature: (b) => hexAt(b, '7ffe8001') } }),
  truehd: audio('audio/vnd.dolby.mlp', 'Dolby TrueHD audio', 'thd', {
    aliases: ['thd'],
    detect: { signature: (b) => hexAt(b, 'f8726fba', 4) },
  }),
  mlp: audio('audio/vnd.dolby.mlp', 'Meridian Lossless Packing audio', 'mlp', {
    detect: { signature: (b) => hexAt(b, 'f8726fbb', 4) },
  }),
  ircam: audio('audio/x-ircam', 'IRCAM sound', 'sf', { detect: { signature: m.isIrcam } }),
  adx: audio('audio/x-adx', 'CRI ADX audio', 'adx', { detect: { signature: m.isAdx } }),
  gsm: audio('audio/x-gsm', 'GSM 06.10 audio', 'gsm', { detect: { signature: m.isGsm } }),
} as const;
