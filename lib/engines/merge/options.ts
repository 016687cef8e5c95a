import { z } from 'zod';
import { pdfaOption } from '../pdf/pdfa-option';

/** What a merge request's `options` may hold: the merged PDF's own settings (each file takes none). */
export const MergeRequestOptions = z
  .strictObject({ pdfa: pdfaOption })
  .meta({ id: 'MergeOptions', description: 'Options of the merged PDF; every one is optional, with its default' });
export type MergeRequestOptions = z.output<typeof MergeRequestOptions>;
