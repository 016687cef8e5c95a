import type { FormatName } from '@/lib/formats/catalog';
import { aac, EVEN, h264 } from '../ffmpeg/args';
import type { Demuxers } from '../ffmpeg/sandboxed';

// ffmpeg's niche containers and streams, served by ./media-engine.ts: the
// demuxer each input is read with (forced, never guessed) and the codec and muxer arguments of
// each target. Targets whose encoders ffmpeg marks experimental (DTS, TrueHD, MLP) need -strict -2.

export const NICHE_DEMUXER: Demuxers = {
  opus: 'ogg',
  spx: 'ogg',
  mka: 'matroska',
  m4b: 'mov',
  m4r: 'mov',
  weba: 'matroska',
  amr: 'amr',
  awb: 'amr',
  mod: 'libopenmpt',
  xm: 'libopenmpt',
  s3m: 'libopenmpt',
  it: 'libopenmpt',
  aifc: 'aiff',
  dsf: 'dsf',
  gsm: 'gsm',
  tta: 'tta',
  w64: 'w64',
  rf64: 'wav',
  mmf: 'mmf',
  eac3: 'eac3',
  dts: 'dts',
  truehd: 'truehd',
  mlp: 'mlp',
  adx: 'adx',
  sox: 'sox',
  ircam: 'ircam',
  ra: 'rm',
  mxf: 'mxf',
  nut: 'nut',
  asf: 'asf',
  '3g2': 'mov',
  f4v: 'mov',
  ismv: 'mov',
  rm: 'rm',
  swf: 'swf',
  dv: 'dv',
  gxf: 'gxf',
  wtv: 'wtv',
  roq: 'roq',
  amv: 'avi', // AMV is an AVI variant: ffmpeg reads it with the AVI demuxer
  y4m: 'yuv4mpegpipe',
  h264: 'h264',
  hevc: 'hevc',
  m2v: 'mpegvideo',
  ivf: 'ivf',
  obu: 'obu',
};

/** Audio inputs (Opus and Speex in Ogg are formats of their own, not Ogg Vorbis). */
export const NICHE_AUDIO = [
  'opus',
  'spx',
  'mka',
  'm4b',
  'm4r',
  'weba',
  'amr',
  'awb',
  'mod',
  'xm',
  's3m',
  'it',
  'aifc',
  'dsf',
  'gsm',
  'tta',
  'w64',
  'rf64',
  'mmf',
  'eac3',
  'dts',
  'truehd',
  'mlp',
  'adx',
  'sox',
  'ircam',
  'ra',
] as const satisfies readonly FormatName[];
/**
 * Not written from here: AMR (ffmpeg here has no AMR encoder) and modules (libopenmpt only plays
 * them); Opus is one of ./media-engine.ts's everyday targets.
 */
const READ_ONLY = new Set<FormatName>(['opus', 'amr', 'awb', 'mod', 'xm', 's3m', 'it', 'dsf']);
export const NICHE_AUDIO_OUT = NICHE_AUDIO.filter((f) => !READ_ONLY.has(f));

/** Containers with video (and usually audio). */
export const NICHE_VIDEO = [
  'mxf',
  'nut',
  'asf',
  '3g2',
  'f4v',
  'ismv',
  'rm',
  'swf',
  'dv',
  'gxf',
  'wtv',
  'roq',
  'amv',
] as const satisfies readonly FormatName[];
/** Video streams without a container: no audio to extract. */
export const ELEMENTARY_VIDEO = ['h264', 'hevc', 'm2v', 'ivf', 'obu'] as const satisfies readonly FormatName[];
export const ELEMENTARY_VIDEO_IN = [...ELEMENTARY_VIDEO, 'y4m'] as const satisfies readonly FormatName[];
/**
 * Video targets. Left out as targets: RoQ (its vector quantiser takes seconds a frame), AMV (needs
 * exactly one audio stream at a rate tied to the frame rate) and YUV4MPEG2 (uncompressed: gigabytes a minute).
 */
export const NICHE_VIDEO_OUT = [
  ...NICHE_VIDEO.filter((f) => f !== 'roq' && f !== 'amv'),
  ...ELEMENTARY_VIDEO,
] as const satisfies readonly FormatName[];

const H264 = h264('23');
const AAC = aac();
const MPEG2 = ['-c:v', 'mpeg2video', '-q:v', '4', '-r', '25'];
const PCM48 = ['-c:a', 'pcm_s16le', '-ar', '48000'];
const EXPERIMENTAL = ['-strict', '-2'];
/** For encoders that refuse more than two channels instead of asking for a downmix (ADX, WMA). */
export const AT_MOST_STEREO = ['-af', 'aformat=channel_layouts=mono|stereo'];
/** Broadcast containers hold 625-line frames: scale into 720×576 with padding, keeping the picture's shape. */
const PAL = 'scale=720:576:force_original_aspect_ratio=decrease,pad=720:576:-1:-1,setsar=16/15';

export const NICHE_OUTPUT_ARGS: Partial<Record<FormatName, string[]>> = {
  spx: ['-c:a', 'libspeex', '-ar', '16000', '-f', 'spx'],
  mka: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'matroska'],
  m4b: [...AAC, '-movflags', '+faststart', '-f', 'ipod'],
  m4r: [...AAC, '-movflags', '+faststart', '-f', 'ipod'],
  weba: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'webm'],
  aifc: ['-c:a', 'pcm_s16le', '-f', 'aiff'], // little-endian PCM: ffmpeg writes it as AIFF-C ('sowt')
  gsm: ['-c:a', 'libgsm', '-ar', '8000', '-ac', '1', '-f', 'gsm'],
  tta: ['-c:a', 'tta', '-f', 'tta'],
  w64: ['-c:a', 'pcm_s16le', '-f', 'w64'],
  rf64: ['-c:a', 'pcm_s16le', '-rf64', 'always', '-f', 'wav'],
  mmf: ['-c:a', 'adpcm_yamaha', '-ar', '22050', '-ac', '1', '-f', 'mmf'],
  eac3: ['-c:a', 'eac3', '-b:a', '192k', '-f', 'eac3'],
  dts: ['-c:a', 'dca', ...EXPERIMENTAL, '-ar', '48000', '-ac', '2', '-f', 'dts'],
  truehd: ['-c:a', 'truehd', ...EXPERIMENTAL, '-ar', '48000', '-f', 'truehd'],
  mlp: ['-c:a', 'mlp', ...EXPERIMENTAL, '-ar', '48000', '-f', 'mlp'],
  adx: ['-c:a', 'adpcm_adx', ...AT_MOST_STEREO, '-f', 'adx'],
  sox: ['-c:a', 'pcm_s32le', '-f', 'sox'],
  ircam: ['-c:a', 'pcm_s16le', '-f', 'ircam'],
  ra: ['-c:a', 'real_144', '-ar', '8000', '-ac', '1', '-f', 'rm'],
  mxf: [...MPEG2, '-vf', EVEN, ...PCM48, '-f', 'mxf'],
  nut: [...H264, ...AAC, '-f', 'nut'],
  asf: ['-c:v', 'wmv2', '-q:v', '4', '-vf', EVEN, '-c:a', 'wmav2', '-b:a', '160k', ...AT_MOST_STEREO, '-f', 'asf'],
  '3g2': [...H264, ...aac('64k'), '-ar', '44100', '-f', '3g2'],
  f4v: [...H264, ...AAC, '-f', 'f4v'],
  ismv: [...H264, ...AAC, '-f', 'ismv'],
  rm: [
    '-c:v',
    'rv20',
    '-vf',
    'scale=trunc(iw/4)*4:trunc(ih/4)*4',
    '-c:a',
    'real_144',
    '-ar',
    '8000',
    '-ac',
    '1',
    '-f',
    'rm',
  ],
  swf: ['-c:v', 'flv', '-q:v', '4', '-vf', EVEN, '-c:a', 'libmp3lame', '-ar', '44100', '-f', 'swf'],
  // DV interleaves a fixed amount of audio with each frame: audio starting late (Opus priming) is padded.
  dv: [
    ...['-vf', PAL, '-r', '25', '-pix_fmt', 'yuv420p', '-c:v', 'dvvideo'],
    ...['-af', 'aresample=async=1:first_pts=0', ...PCM48, '-ac', '2', '-f', 'dv'],
  ],
  gxf: [...MPEG2, '-vf', PAL, ...PCM48, '-ac', '1', '-f', 'gxf'],
  wtv: [...MPEG2, '-vf', EVEN, '-c:a', 'mp2', '-b:a', '192k', '-ar', '48000', '-f', 'wtv'],
  h264: [...H264, '-an', '-f', 'h264'],
  hevc: [
    '-c:v',
    'libx265',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    EVEN,
    '-x265-params',
    'log-level=error',
    '-an',
    '-f',
    'hevc',
  ],
  m2v: [...MPEG2, '-vf', EVEN, '-an', '-f', 'mpeg2video'],
  ivf: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '2M', '-an', '-f', 'ivf'],
  obu: ['-c:v', 'libsvtav1', '-preset', '10', '-crf', '35', '-pix_fmt', 'yuv420p', '-vf', EVEN, '-an', '-f', 'obu'],
};
