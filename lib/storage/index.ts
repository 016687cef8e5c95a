import { config } from '@/lib/config';
import { localDiskStorage } from '@/lib/storage/local-disk';
import { s3Storage } from '@/lib/storage/s3';
import type { Storage } from '@/lib/storage/types';

let instance: Storage | undefined;

/** The configured store: local disk by default, S3 when STORAGE_DRIVER=s3 (or S3_BUCKET is set). */
export function storage(): Storage {
  instance ??= config.storageDriver === 's3' ? s3Storage(config.s3) : localDiskStorage(config.filesDir);
  return instance;
}

export type { Storage } from '@/lib/storage/types';
