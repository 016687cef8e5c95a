import { config } from '@/lib/config';
import { localDiskStorage } from '@/lib/storage/local-disk';
import { s3Storage } from '@/lib/storage/s3';
import type { Storage } from '@/lib/storage/types';
import { log } from '@/lib/log/logger';

/** A put untouched this long was cut short by a crashed process (a live one keeps writing). */
const INCOMPLETE_PUT_AGE_MS = 10 * 60 * 1000;

let instance: Storage | undefined;

/**
 * The configured store: local disk by default, S3 when STORAGE_DRIVER=s3 (or S3_BUCKET is set).
 * The first use in a process (web or worker start) sweeps what a crashed predecessor left.
 */
export function storage(): Storage {
  if (!instance) {
    instance = config.storageDriver === 's3' ? s3Storage(config.s3) : localDiskStorage(config.filesDir);
    void sweepIncompletePuts();
  }
  return instance;
}

/** Deletes interrupted puts older than INCOMPLETE_PUT_AGE_MS; also run by the retention sweep. */
export async function sweepIncompletePuts(): Promise<number> {
  try {
    return await storage().sweepIncomplete(INCOMPLETE_PUT_AGE_MS);
  } catch (e) {
    log.error({ err: e }, '[storage] sweeping incomplete uploads failed');
    return 0;
  }
}

export type { Storage } from '@/lib/storage/types';
