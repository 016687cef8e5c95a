import type { z } from 'zod';
import type { Upload } from '@/lib/generated/prisma/client';
import type { UploadState } from '@/lib/schemas/uploads';

type UploadColumns = 'token' | 'fileName' | 'fileSize' | 'targetFormat' | 'partSize' | 'partCount' | 'expiresAt';

/** The public upload object: what init answers and GET reads, `parts` = stored part numbers, sorted. */
export function serializeUpload(row: Pick<Upload, UploadColumns>, parts: number[]) {
  return {
    token: row.token,
    file_name: row.fileName,
    file_size: Number(row.fileSize),
    target_format: row.targetFormat,
    part_size: row.partSize,
    part_count: row.partCount,
    parts,
    expires_at: row.expiresAt.toISOString(),
  } satisfies z.input<typeof UploadState>;
}
