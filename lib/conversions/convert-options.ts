import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { FORMATS, formatInfo, type FormatName } from '@/lib/formats/catalog';

// A conversion's `options`: one schema per target family (images, PDF, audio/video), each option
// listed with its default. Which options a target takes is decided here and nowhere else: an
// unknown option, a value out of range, or an option that does not apply to the chosen target
// (`crf` for an MP3, `pages` for a PNG) is a 400 naming it. Pure data, so the browser imports it.

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const seconds = z.number().min(0).max(86_400);

export const FITS = ['inside', 'cover', 'fill'] as const;
export const SAMPLE_RATES = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000, 96000] as const;
/** `1-3,5`: pages and ranges from 1, in any order. */
export const PAGE_RANGES = /^\s*\d{1,5}(\s*-\s*\d{1,5})?(\s*,\s*\d{1,5}(\s*-\s*\d{1,5})?)*\s*$/;

export const ImageOptions = z
  .strictObject({
    quality: int(1, 100).optional().meta({ description: 'JPEG, WebP and AVIF quality; default 80 (AVIF 50)' }),
    width: int(1, 16_384).optional().meta({ description: 'Pixels; alone, the height follows the aspect ratio' }),
    height: int(1, 16_384).optional().meta({ description: 'Pixels; alone, the width follows the aspect ratio' }),
    fit: z
      .enum(FITS)
      .default('inside')
      .meta({ description: 'With width and height: `inside` keeps all of it, `cover` crops, `fill` stretches' }),
    dpi: int(1, 2400).optional().meta({ description: 'Resolution recorded in a PNG, JPEG or TIFF (pixels unchanged)' }),
    strip_metadata: z
      .boolean()
      .default(true)
      .meta({ description: 'Drop EXIF, XMP and ICC data (orientation is applied first)' }),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffffff')
      .optional()
      .meta({ description: 'Fills transparent areas; JPEG without it gets white' }),
  })
  .meta({ id: 'ImageOptions' });

export const DocumentOptions = z
  .strictObject({
    pages: z
      .string()
      .max(200)
      .regex(PAGE_RANGES, 'must be pages and ranges like "1-3,5"')
      .refine(ascendingRanges, 'ranges must run from low to high, from page 1')
      .optional()
      .meta({ description: 'Pages to keep, like `1-3,5`; default all' }),
    dpi: int(72, 2400)
      .optional()
      .meta({ description: 'Pictures are reduced to this resolution in the PDF; default: kept as they are' }),
    pdfa: z.boolean().default(false).meta({ description: '`true` writes PDF/A-2b (archival)' }),
  })
  .meta({ id: 'DocumentOptions' });

export const MediaOptions = z
  .strictObject({
    audio_bitrate: int(8, 512)
      .optional()
      .meta({ description: 'kbit/s; default 160 (AAC), 128 (Opus), VBR for MP3 and Vorbis' }),
    video_bitrate: int(50, 100_000).optional().meta({ description: 'kbit/s; instead of `crf`' }),
    crf: int(0, 51).optional().meta({ description: 'Constant quality, lower is better; default 23 (H.264), 35 (VP9)' }),
    width: int(16, 7680).optional().meta({ description: 'Pixels (made even); alone, the height follows' }),
    height: int(16, 4320).optional().meta({ description: 'Pixels (made even); alone, the width follows' }),
    fps: z.number().min(1).max(120).optional().meta({ description: 'Frames per second; default the input’s (GIF 10)' }),
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

export type ImageOptions = z.output<typeof ImageOptions>;
export type DocumentOptions = z.output<typeof DocumentOptions>;
export type MediaOptions = z.output<typeof MediaOptions>;

function ascendingRanges(pages: string): boolean {
  return pages.split(',').every((range) => {
    const [from, to = from] = range.split('-').map((n) => Number(n.trim()));
    return from >= 1 && to >= from;
  });
}

type Family = 'image' | 'document' | 'media';
/** The engine that applies each family's options; a pair another engine converts takes none. */
const OPTION_ENGINES: Record<Family, string> = { image: 'sharp', document: 'libreoffice', media: 'ffmpeg' };
const SCHEMAS = { image: ImageOptions, document: DocumentOptions, media: MediaOptions } as const;
type OptionName = keyof ImageOptions | keyof DocumentOptions | keyof MediaOptions;

const IMAGE_ALL = Object.keys(ImageOptions.shape) as Array<keyof ImageOptions>;
const MEDIA_TIME = ['start', 'duration'] as const;
const MEDIA_AUDIO = ['audio_channels', 'sample_rate', ...MEDIA_TIME] as const;
const MEDIA_VIDEO = ['video_bitrate', 'width', 'height', 'fps', 'remove_audio', ...MEDIA_TIME] as const;

/**
 * The options a (source, target) pair takes, or none. Media by the source (ffmpeg reads it, and a
 * video can become a GIF), then by the target's family; PDF from an office document; other
 * document targets take no options.
 */
export function applicableOptions(
  source: FormatName,
  target: FormatName,
): { family: Family; names: OptionName[] } | null {
  const from = formatInfo(source)?.family;
  const to = formatInfo(target)?.family;
  if (from === 'video' || from === 'audio') {
    if (target === 'gif') return { family: 'media', names: ['width', 'height', 'fps', ...MEDIA_TIME] };
    if (to === 'audio') {
      const lossless = target === 'wav' || target === 'flac';
      return { family: 'media', names: lossless ? [...MEDIA_AUDIO] : ['audio_bitrate', ...MEDIA_AUDIO] };
    }
    if (to === 'video') {
      const crf = target === 'avi' ? [] : (['crf'] as const); // MPEG-4 Part 2 has no constant-quality mode
      return { family: 'media', names: ['audio_bitrate', ...MEDIA_AUDIO, ...MEDIA_VIDEO, ...crf] };
    }
    return null;
  }
  if (to === 'image') {
    const density = target === 'png' || target === 'jpg' || target === 'tiff';
    const quality = target === 'jpg' || target === 'webp' || target === 'avif';
    return {
      family: 'image',
      names: IMAGE_ALL.filter((n) => (n !== 'dpi' || density) && (n !== 'quality' || quality)),
    };
  }
  if (target === 'pdf' && from !== 'image') return { family: 'document', names: ['pages', 'dpi', 'pdfa'] };
  return null;
}

const ALL_NAMES = new Set<string>([
  ...Object.keys(ImageOptions.shape),
  ...Object.keys(DocumentOptions.shape),
  ...Object.keys(MediaOptions.shape),
]);

const invalid = (message: string) => new AppError('validation_failed', message);

/** `options` as sent in a multipart part (JSON text): an object, or a 400. Empty text is no options. */
export function parseOptionsText(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('"options" is not valid JSON: send an object like {"width": 800}');
  }
  return asObject(value);
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('"options" must be a JSON object like {"width": 800}');
  }
  return value as Record<string, unknown>;
}

/**
 * Checks `raw` for converting `source` to `target`; returns the options with their defaults, as
 * stored in the conversion's options column ({} when the pair takes none and none were sent).
 */
export function parseConvertOptions(
  source: FormatName,
  target: FormatName,
  raw: unknown,
  /** The engine that runs the pair (server side): options apply only where their engine runs. */
  engine?: string,
): Record<string, unknown> {
  const given = raw === undefined || raw === null ? {} : asObject(raw);
  const found = applicableOptions(source, target);
  const applicable = found && (engine === undefined || OPTION_ENGINES[found.family] === engine) ? found : null;
  for (const name of Object.keys(given)) {
    if (!ALL_NAMES.has(name)) throw invalid(`Unknown option "${name}"`);
    if (!applicable?.names.includes(name as OptionName)) {
      throw invalid(`Option "${name}" does not apply to ${source} → ${target}`);
    }
  }
  if (!applicable) return {};
  const parsed = SCHEMAS[applicable.family].safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue.path[0] === undefined ? '' : `Option "${String(issue.path[0])}": `;
    throw invalid(`${name}${issue.message}`);
  }
  // Defaults of options that do not apply to this target (remove_audio for an MP3) are not kept.
  return Object.fromEntries(Object.entries(parsed.data).filter(([k]) => applicable.names.includes(k as OptionName)));
}

/** What an engine reads from `job.options` for a conversion (its family's fields, defaults applied). */
export type ConvertOptions = Partial<ImageOptions & DocumentOptions & MediaOptions>;

/**
 * Checks `raw` before the source format is known (URL import, parts complete): it must fit at least
 * one source that converts to `target`. The pair is checked again once the bytes are in.
 */
export function checkOptionsForTarget(target: FormatName, raw: unknown): void {
  const given = raw === undefined || raw === null ? {} : asObject(raw);
  if (Object.keys(given).length === 0) return;
  const seen = new Set<string>();
  let first: unknown;
  for (const source of Object.keys(FORMATS) as FormatName[]) {
    const applicable = applicableOptions(source, target);
    const key = applicable && `${applicable.family}:${applicable.names.join()}`;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    try {
      parseConvertOptions(source, target, given);
      return;
    } catch (e) {
      first ??= e;
    }
  }
  throw first ?? invalid(`${target} output takes no options`);
}
