import type { FormatName } from '@/lib/formats/catalog';

// ffmpeg output arguments shared by the converters (./ffmpeg-engine.ts, ../media/media-engine.ts)
// and the compressor (../compress/media.ts), and the command line they all run.

/** Rounds the frame down to even sides (yuv420p encoders need them). */
export const EVEN = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';

export const h264 = (crf: string, preset = 'veryfast') => [
  '-c:v',
  'libx264',
  '-preset',
  preset,
  '-crf',
  crf,
  '-pix_fmt',
  'yuv420p',
  '-vf',
  EVEN,
];

export const aac = (bitrate = '160k') => ['-c:a', 'aac', '-b:a', bitrate];

/** VP9 + Opus in WebM, fast (realtime deadline) at constant quality `crf`. */
export const webmVp9 = (crf: string, audioBitrate: string) => [
  '-c:v',
  'libvpx-vp9',
  '-deadline',
  'realtime',
  '-cpu-used',
  '8',
  '-row-mt',
  '1',
  '-b:v',
  '0',
  '-crf',
  crf,
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'libopus',
  '-b:a',
  audioBitrate,
  '-f',
  'webm',
];

/**
 * A clip of the input from `start`, `duration` seconds long at most: -ss before the input (`before`),
 * -t after it (`after`), and the output's length from the input's (`seconds`, for progress).
 */
export function clip(o: { start?: number; duration?: number }) {
  const start = o.start ?? 0;
  return {
    before: start > 0 ? ['-ss', String(start)] : [],
    after: o.duration ? ['-t', String(o.duration)] : [],
    seconds: (input: number | undefined) =>
      input === undefined ? o.duration : Math.min(o.duration ?? Infinity, Math.max(0, input - start)),
  };
}

/** One still image of each kind ffmpeg writes for ./ffmpeg-image-engine.ts and video stills (./still.ts). */
export const STILL_CODEC = {
  png: ['-c:v', 'png'],
  jpg: ['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj444p'],
  webp: ['-c:v', 'libwebp', '-quality', '85'],
} as const satisfies Partial<Record<FormatName, readonly string[]>>;

const H264 = h264('23');
const AAC = aac();

/** Codec and muxer arguments for each main media target (GIF, made in two runs, is ./gif.ts). */
export const OUTPUT_ARGS: Partial<Record<FormatName, string[]>> = {
  mp4: [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mp4'],
  mov: [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mov'],
  mkv: [...H264, ...AAC, '-f', 'matroska'],
  webm: webmVp9('35', '128k'),
  avi: ['-c:v', 'mpeg4', '-q:v', '5', '-vf', EVEN, '-c:a', 'libmp3lame', '-q:a', '4', '-f', 'avi'],
  mp3: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '4', '-f', 'ogg'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  m4a: [...AAC, '-movflags', '+faststart', '-f', 'ipod'],
  aac: [...AAC, '-f', 'adts'],
};

/**
 * The whole command line: quiet, `input` (inputArgs from ./sandboxed.ts, with any -ss/-t around it),
 * the chosen `streams` only (no subtitles, data or metadata), `codec`, progress on stdout, the output.
 * `log: 'info'` prints the input's description (its duration, its streams) for runFfmpegOnInput in
 * ./sandboxed.ts, which reads it instead of running ffprobe first.
 */
export function ffmpegCommand(p: {
  input: string[];
  streams: string[];
  codec: string[];
  outputPath: string;
  log?: 'error' | 'info';
}) {
  return [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-loglevel',
    p.log ?? 'error',
    '-y',
    ...p.input,
    ...p.streams,
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...p.codec,
    '-progress',
    'pipe:1',
    `file:${p.outputPath}`,
  ];
}
