import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { megapixels } from '../limits';
import type { WorkerReply } from '../warm/sandboxed-worker';

// What an input must be before a sharp worker decodes it: the format its bytes claim (checked by
// content, not by name) and a pixel budget. The worker checks them on the header alone, inside the
// request that converts the input (worker.cjs: checkHeader), so a refusal costs no decode and no
// round trip of its own. The worker holds the mechanism; what is expected, and the words of each
// refusal, are here.

/** The header fields the worker reports (sharp's Metadata, subset). */
export type ImageHeader = {
  format?: string;
  compression?: string;
  width?: number;
  height?: number;
  pageHeight?: number;
  pages?: number;
  /** EXIF orientation (1–8) where the image records one. */
  orientation?: number;
  /** Pixels per inch where the image records a resolution. */
  density?: number;
};

/**
 * Sent with a request: what libvips must report for the input, and the most pixels it may have:
 * all frames together, or each page on its own when the request decodes them one at a time
 * (`pageByPage`, with at most `maxPages`).
 */
export type HeaderExpectation = {
  expect: { format: string; compression?: string };
  maxPixels: number;
  maxPages?: number;
  pageByPage?: boolean;
};

/** libvips' name for each claimed format where ours differs, and the codec inside a HEIF. */
const VIPS_CLAIM: Partial<Record<FormatName, HeaderExpectation['expect']>> = {
  jpg: { format: 'jpeg' },
  avif: { format: 'heif', compression: 'av1' },
  heic: { format: 'heif', compression: 'hevc' },
};

type Paging = Pick<HeaderExpectation, 'maxPages' | 'pageByPage'>;

export function headerExpectation(format: FormatName, maxPixels: number, paging: Paging = {}): HeaderExpectation {
  return { expect: VIPS_CLAIM[format] ?? { format }, maxPixels, ...paging };
}

/** Why the worker refused an input before decoding it (worker.cjs: checkHeader). */
type Refusal = 'unreadable' | 'format' | 'dimensions' | 'pages' | 'pixels';

/**
 * Throws the AppError for the refusal a worker's reply carries (none: returns). `format`,
 * `maxPixels` and `paging` are those the request's expectation was made from.
 */
export function throwIfRefused(
  reply: WorkerReply,
  format: FormatName,
  maxPixels: number,
  { maxPages, pageByPage }: Paging = {},
): void {
  const refused = reply.refused as Refusal | undefined;
  if (refused === undefined) return;
  const meta = (reply.meta ?? {}) as ImageHeader;
  switch (refused) {
    case 'unreadable':
      throw new AppError('unsupported_format', 'The image could not be read.', { cause: new Error(reply.error) });
    case 'format':
      throw new AppError('unsupported_format', `The file is not a ${format.toUpperCase()} image.`);
    case 'dimensions':
      throw new AppError('unsupported_format', 'The image has no dimensions.');
    case 'pages':
      throw new AppError('unsupported_format', `The image has ${meta.pages} pages; at most ${maxPages} are read.`);
    case 'pixels': {
      const frames = (meta.pages ?? 1) > 1 && !pageByPage ? ` × ${meta.pages} frames` : '';
      throw new AppError(
        'unsupported_format',
        `The image is too large (${meta.width}×${meta.height}${frames}; limit ${megapixels(maxPixels)}).`,
      );
    }
    default:
      throw new AppError('unsupported_format', `The image was refused (${String(refused)}).`);
  }
}
