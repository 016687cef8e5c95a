import { errorBrand } from '@/lib/errors';

const storageFailureBrand = errorBrand<StorageFailure>('StorageFailure');

/**
 * A read or write of the file store that failed (S3 unreachable or answering errors, a disk's I/O
 * error), as a conversion's run met it: the run retries it like an engine crash, and its last
 * failure names the store, not the engine or the caller's file.
 */
class StorageFailure extends Error {
  override name = 'StorageFailure';
  constructor(cause: unknown) {
    super(`File storage failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    storageFailureBrand.mark(this);
  }
}

export const isStorageFailure = storageFailureBrand.is;

/** Rethrows a store's error as a StorageFailure (for `.catch` on a store's promise). */
export const storageFailed = (cause: unknown): never => {
  throw new StorageFailure(cause);
};
