import { z } from 'zod';
import { pdfaOption } from '../pdf/pdfa-option';
import type { EngineOptions } from '../types';

// How a picture is laid on its PDF page (./image-pdf-engine.ts passes them to img2pdf). Pure data
// (zod only): the converter's options panel imports it in the browser, and lib/schemas describes it
// in OpenAPI as ImagePdfOptions.

export const PAGE_SIZES = ['fit', 'a4', 'letter'] as const;
/** The widest margin, in millimetres: an A4 page keeps 110 mm of its 210 for the picture. */
export const MAX_MARGIN_MM = 50;

export const ImagePdfOptions = z
  .strictObject({
    page_size: z
      .enum(PAGE_SIZES)
      .default('fit')
      .meta({
        description:
          "`fit`: the page has the picture's proportions (its size at the picture's resolution, 96 dpi when it records none); " +
          "`a4`, `letter`: that paper, turned to the picture's orientation, the picture scaled to fit inside the margins",
      }),
    margin: z
      .number()
      .min(0)
      .max(MAX_MARGIN_MM)
      .default(0)
      .meta({ description: `White border around the picture, in millimetres (0–${MAX_MARGIN_MM})` }),
    pdfa: pdfaOption,
  })
  .meta({ id: 'ImagePdfOptions' });

export type ImagePdfOptions = z.output<typeof ImagePdfOptions>;

const ALL = Object.keys(ImagePdfOptions.shape) as Array<keyof ImagePdfOptions>;

export const imagePdfOptions: EngineOptions<typeof ImagePdfOptions> = {
  schema: ImagePdfOptions,
  names: () => ALL,
};
