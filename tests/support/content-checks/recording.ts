import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Recording } from '@/tests/fixtures/known-content';

// A result's length and picture size, by ffprobe; a stream without a stated length (raw audio and
// video streams, where ffprobe guesses from the bit rate; RealAudio, which states 0) is decoded
// whole to measure it.
// Animated pictures (GIF, WebP) are measured by sharp: frames and their delays.

const exec = promisify(execFile);

type Probe = {
  format?: { duration?: string };
  streams?: Array<{ codec_type: string; width?: number; height?: number }>;
};

export type Measured = { seconds: number; width?: number; height?: number; audio: boolean; video: boolean };

/** The length of `file` as decoded: its first sound as 8 kHz samples, or its picture's frames at its frame rate. */
async function decodedSeconds(file: string, audio: boolean): Promise<number> {
  if (audio) {
    const pcm = await exec(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-map', '0:a:0', '-f', 's16le', '-ac', '1', '-ar', '8000', '-'],
      {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 ** 2,
      },
    );
    return pcm.stdout.length / 16_000;
  }
  const { stdout } = await exec('ffprobe', [
    ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=nb_read_frames,r_frame_rate', '-of', 'json', file],
  ]);
  const [stream] = (JSON.parse(stdout) as { streams: Array<{ nb_read_frames: string; r_frame_rate: string }> }).streams;
  const [num, den] = stream.r_frame_rate.split('/').map(Number);
  return Number(stream.nb_read_frames) / (num / den);
}

export async function measure(file: string): Promise<Measured> {
  const { stdout, stderr } = await exec('ffprobe', [
    ...['-v', 'warning', '-show_entries', 'format=duration:stream=codec_type,width,height'],
    ...['-of', 'json', file],
  ]);
  const probe = JSON.parse(stdout) as Probe;
  const video = probe.streams?.find((s) => s.codec_type === 'video');
  const audio = probe.streams?.some((s) => s.codec_type === 'audio') ?? false;
  const stated = Number(probe.format?.duration);
  // No stated length (raw streams), a guess from the bit rate, or none at all (RealAudio says 0): decoded.
  const guessed = /Estimating duration from bitrate/i.test(stderr) || !(stated > 0);
  const seconds = guessed ? await decodedSeconds(file, audio) : stated;
  return { seconds, width: video?.width, height: video?.height, audio, video: !!video };
}

/** An animated picture's length (the sum of its frames' delays) and size. */
export async function measureAnimation(file: string): Promise<Measured> {
  const m = await sharp(file, { animated: true }).metadata();
  const frames = m.pages ?? 1;
  const delays = m.delay ?? [];
  const seconds = delays.length ? delays.reduce((a, b) => a + b, 0) / 1000 : frames > 1 ? NaN : 0;
  return { seconds, width: m.width, height: m.pageHeight ?? m.height, audio: false, video: true };
}

/**
 * What is wrong with `m` as `want` (length within 0.1 s, or up to `slack` longer; picture size when it
 * has one; `slack` false: the length is not checked), or undefined.
 */
export function recordingProblem(
  m: Measured,
  want: Recording,
  picture: boolean,
  slack: number | false = 0.1,
): string | undefined {
  const long = m.seconds - want.seconds;
  if (slack !== false && !(long >= -0.1 && long <= Math.max(0.1, slack)))
    return `lasts ${m.seconds} s, expected ${want.seconds} s`;
  if (!picture) return m.audio ? undefined : 'no sound';
  if (!m.video) return 'no picture';
  if (want.width && (m.width !== want.width || m.height !== want.height))
    return `picture ${m.width}×${m.height}, expected ${want.width}×${want.height}`;
  return undefined;
}
