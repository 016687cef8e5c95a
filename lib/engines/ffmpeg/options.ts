import { z } from 'zod';
import { formatInfo, type FormatName } from '@/lib/formats/catalog';
import type { EngineOptions } from '../types';

// What ffmpeg applies to the audio and video it converts (./ffmpeg-engine.ts turns them into
// arguments). Pure data, described in OpenAPI as MediaOptions.

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const seconds = z.number().min(0).max(86_400);

export const SAMPLE_RATES = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000, 96000] as const;

export const MediaOptions = z
  .strictObject({
    audio_bitrate: int(8, 512)
      .optional()
      .meta({ description: 'kbit/s; default 160 (AAC), 128 (Opus), VBR for MP3 and Vorbis' }),
    video_bitrate: int(50, 100_000).optional().meta({ description: 'kbit/s; instead of `crf`' }),
    crf: int(0, 51).optional().meta({ description: 'Constant quality, lower is better; default 23 (H.264), 35 (VP9)' }),
    width: int(16, 7680).optional().meta({
      description:
        'Pixels (made even); alone, the height follows. Default the input’s; for a GIF the input’s up to 1280 px on the long side (a larger one is brought down, proportions kept), while an asked size is kept as asked',
    }),
    height: int(16, 4320)
      .optional()
      .meta({ description: 'Pixels (made even); alone, the width follows. Default as for `width`' }),
    fps: z.number().min(1).max(120).optional().meta({
      description:
        'Frames per second; default the input’s (for a GIF the input’s up to 30). A GIF asked for more than 50 is written at 50: its delays are hundredths of a second and players slow down shorter ones',
    }),
    at: seconds.optional().meta({
      description:
        'Video → image: seconds into the video of the one frame to take (the first frame from that time on). Default a representative frame: the first frames that are not black are compared and the most typical kept. Past the end the conversion fails, saying how long the video is. For WebP, `at` asks for a still; without it the video becomes an animated WebP',
    }),
    start: seconds.optional().meta({ description: 'Seconds into the input to start from; default 0' }),
    duration: seconds.positive().optional().meta({ description: 'Seconds to keep; default to the end' }),
    audio_channels: int(1, 8).optional().meta({ description: 'Default the input’s' }),
    sample_rate: z
      .union(SAMPLE_RATES.map((r) => z.literal(r)))
      .optional()
      .meta({ description: 'Hz; default the input’s' }),
    remove_audio: z.boolean().default(false).meta({ description: 'A video without its sound' }),
  })
  .refine((o) => o.video_bitrate === undefined || o.crf === undefined, {
    message: 'give either video_bitrate or crf, not both',
    path: ['crf'],
  })
  .meta({ id: 'MediaOptions' });

export type MediaOptions = z.output<typeof MediaOptions>;
type Name = keyof MediaOptions;

const TIME = ['start', 'duration'] as const satisfies readonly Name[];
const AUDIO = ['audio_channels', 'sample_rate', ...TIME] as const satisfies readonly Name[];
const VIDEO = ['video_bitrate', 'width', 'height', 'fps', 'remove_audio'] as const satisfies readonly Name[];
const LOSSLESS_AUDIO = new Set<FormatName>(['wav', 'flac']);

function names(from: FormatName, to: FormatName): readonly Name[] {
  const source = formatInfo(from)?.family;
  if (source !== 'video' && source !== 'audio') return [];
  // A video can become a GIF: its frames, not its sound.
  if (to === 'gif') return ['width', 'height', 'fps', ...TIME];
  const target = formatInfo(to)?.family;
  // …or one still image: the frame `at` (audio becomes a waveform picture, which takes no options).
  if (target === 'image') return source === 'video' ? ['at'] : [];
  if (target === 'audio') return LOSSLESS_AUDIO.has(to) ? AUDIO : ['audio_bitrate', ...AUDIO];
  if (target !== 'video') return [];
  const crf = to === 'avi' ? [] : (['crf'] as const); // MPEG-4 Part 2 has no constant-quality mode
  return ['audio_bitrate', ...AUDIO, ...VIDEO, ...crf];
}

export const mediaOptions: EngineOptions<typeof MediaOptions> = { schema: MediaOptions, names };
