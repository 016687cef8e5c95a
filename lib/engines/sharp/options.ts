import { z } from 'zod';
import type { FormatName } from '@/lib/formats/catalog';
import type { EngineOptions } from '../types';

// What sharp applies to an image it converts. Pure data (zod only): the converter's options panel
// imports it in the browser, and lib/schemas describes it in OpenAPI as ImageOptions.

const int = (min: number, max: number) => z.number().int().min(min).max(max);

export const FITS = ['inside', 'cover', 'fill'] as const;

/**
 * libwebp's `method`. The default is 2, not libwebp's 4: on photographs and screenshots 4 spends
 * about twice the encode time for files 2–4 % smaller, SSIM within 0.003 either way (bench/RESULTS.md,
 * "WebP effort"), and a conversion is waited on. Compression (../compress/images.ts) uses 6.
 */
export const DEFAULT_WEBP_EFFORT = 2;
/** JPEG and WebP quality unless a conversion asks for another (AVIF has its own, 50). */
export const DEFAULT_QUALITY = 80;
export const MAX_WEBP_EFFORT = 6;

export const ImageOptions = z
  .strictObject({
    quality: int(1, 100)
      .optional()
      .meta({ description: `JPEG, WebP and AVIF quality; default ${DEFAULT_QUALITY} (AVIF 50)` }),
    effort: int(0, MAX_WEBP_EFFORT)
      .optional()
      .meta({
        description:
          `WebP encoder effort, 0–${MAX_WEBP_EFFORT}; default ${DEFAULT_WEBP_EFFORT}. Higher is slower and a few ` +
          'per cent smaller at the same quality setting (effort 4 takes about twice as long as 2)',
      }),
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

export type ImageOptions = z.output<typeof ImageOptions>;

const ALL = Object.keys(ImageOptions.shape) as Array<keyof ImageOptions>;
/** Targets that record a resolution, and targets with a quality setting. */
const DENSITY = new Set<FormatName>(['png', 'jpg', 'tiff']);
const QUALITY = new Set<FormatName>(['jpg', 'webp', 'avif']);

export const imageOptions: EngineOptions<typeof ImageOptions> = {
  schema: ImageOptions,
  names: (_from, to) =>
    ALL.filter(
      (n) =>
        (n !== 'dpi' || DENSITY.has(to)) && (n !== 'quality' || QUALITY.has(to)) && (n !== 'effort' || to === 'webp'),
    ),
};
