import { createConversion, type RecordConversion } from '@/lib/conversions/create-conversion';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { readStoredHead } from '@/lib/uploads/read-stored-head';

/**
 * The end of every resumable upload (parts API and tus): the assembled object becomes a conversion
 * exactly as a direct upload's file does (format detected from its bytes, pair checked, daily
 * allowance charged). On any refusal createConversion deletes the object.
 */
export async function convertStoredUpload(options: {
  caller: Caller;
  key: string;
  fileName: string;
  size: number;
  targetFormat: string;
  convertOptions?: Record<string, unknown>;
  /** Links the new conversion to its upload, in the transaction that creates it. */
  recordIn?: RecordConversion;
}) {
  const { caller, key, fileName, size, targetFormat, convertOptions, recordIn } = options;
  let head: Buffer;
  try {
    head = await readStoredHead(key);
  } catch (e) {
    await storage()
      .delete(key)
      .catch(() => {});
    throw e;
  }
  return createConversion({ caller, input: { key, fileName, size, head }, targetFormat, convertOptions, recordIn });
}
