import type { Operation } from '@/lib/api/operation';
import * as conversion from '@/lib/schemas/conversion';
import * as system from '@/lib/schemas/system';

/** Every operation the API serves; the OpenAPI document is built from this list. */
export const operations: Operation<never, never, never>[] = [
  conversion.convertUploadOp,
  conversion.conversionStatusOp,
  conversion.downloadOp,
  conversion.presignedUrlOp,
  conversion.progressOp,
  conversion.cancelOp,
  conversion.deleteOp,
  system.formatsOp,
  system.healthOp,
  system.signedFileOp,
  system.openapiOp,
  system.inngestOp,
] as unknown as Operation<never, never, never>[];
