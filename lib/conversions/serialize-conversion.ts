import type { z } from 'zod';
import type { Conversion as ConversionRow } from '@/lib/generated/prisma/client';
import type { Conversion, ConversionStatusBody } from '@/lib/schemas/conversion';

/** The columns the public Conversion object shows. */
type PublicColumns =
  'id' | 'originalFileName' | 'originalFormat' | 'targetFormat' | 'status' | 'progress' | 'createdAt' | 'expiresAt';

/** The public Conversion object (SPEC "Resources and their fields"). */
export function serializeConversion(row: Pick<ConversionRow, PublicColumns>) {
  return {
    id: Number(row.id),
    original_file_name: row.originalFileName,
    original_format: row.originalFormat,
    target_format: row.targetFormat,
    status: row.status,
    progress: row.progress,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  } satisfies z.input<typeof Conversion>;
}

/** The status wrapper: the Conversion without `original_format`, plus `error` when failed. */
export function serializeStatus(row: Pick<ConversionRow, PublicColumns | 'error'>) {
  const { original_format: _omitted, ...conversion } = serializeConversion(row);
  void _omitted;
  const body = row.error ? { conversion, error: row.error } : { conversion };
  return body satisfies z.input<typeof ConversionStatusBody>;
}
