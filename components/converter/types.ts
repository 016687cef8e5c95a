import type { z } from 'zod';
import type { Conversion as ConversionSchema, ConversionStatusValue } from '@/lib/schemas/conversion';
import type { FormatEntry as FormatEntrySchema } from '@/lib/schemas/system';

// Type-only imports: the shapes come from the API's own zod schemas, nothing is bundled.

/** What the converter shows of a conversion (the direct upload's object has `original_format` too). */
export type Conversion = Omit<z.infer<typeof ConversionSchema>, 'original_format'>;
export type ConversionStatus = z.infer<typeof ConversionStatusValue>;
export type FormatEntry = z.infer<typeof FormatEntrySchema>;
export type FormatFamily = FormatEntry['family'];

/** The `data` of every event of GET /api/v1/conversions/{id}/progress. */
export type ProgressUpdate = { id: number; status: ConversionStatus; progress: number; error?: string };

/** What the UI shows in the alert region. */
export type ErrorInfo = { title: string; message: string; code?: string };

export { CONVERSION_STATUSES, isTerminal, TERMINAL_STATUSES } from '@/lib/domain/conversion-status';
