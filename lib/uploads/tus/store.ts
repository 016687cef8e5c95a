import { mkdirSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, type KvStore } from '@tus/server';
import { config } from '@/lib/config';
import { createFileWriter } from '@/lib/storage/file-writer';
import { isOutOfSpace } from '@/lib/storage/out-of-space';
import { s3ClientOptions } from '@/lib/storage/s3';
import { PART_SIZE_BYTES, UPLOAD_TTL_MS } from '@/lib/domain/upload-rules';

// The tus upload's id is its storage key (`inputs/<token>`): @tus/file-store writes the file where
// local-disk storage reads that key, and @tus/s3-store writes the S3 object of that key, so a
// finished upload becomes a conversion's input without a copy. Each keeps its own progress record
// (`<id>.json` on disk, `<id>.info` in the bucket), removed with the upload's row.

/** @tus/s3-store plus removing only the `.info` record, once the bytes are a conversion's input. */
class TransmuteS3Store extends S3Store {
  async removeMetadata(id: string) {
    await this.client.deleteObject({ Bucket: this.bucket, Key: this.infoKey(id) });
  }
}

/** @tus/file-store writing through the uploads' file writer (its larger buffer), with no counting transform. */
class TransmuteFileStore extends FileStore {
  async write(readable: Readable, id: string, offset: number): Promise<number> {
    // FileStore's own `resolve` (private in its types) keeps the path inside the directory.
    const file = (this as unknown as { resolve(id: string): string }).resolve(id);
    const writer = createFileWriter(file, { flags: 'r+', start: offset });
    try {
      await pipeline(readable, writer);
    } catch (e) {
      if (!isOutOfSpace(e)) throw ERRORS.FILE_WRITE_ERROR;
      // What this request wrote would only hold space on a full disk: back to where it began, so
      // the client resumes from there once there is room (the route answers 507).
      await truncate(file, offset).catch(() => {});
      throw e;
    }
    return offset + writer.bytesWritten;
  }
}

/**
 * @tus/s3-store keeps each upload's `.info` record in a per-process cache by default; another web
 * process finishing the upload would leave that copy stale, so every request reads the bucket.
 */
const noMetadataCache: KvStore<never> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

export type TusStore = { store: DataStore; removeMetadata(id: string): Promise<void> };

/** A deferred length is refused (the plan's limit is checked at creation), so OPTIONS must not offer it. */
function withoutDeferredLength<S extends DataStore>(store: S): S {
  store.extensions = store.extensions.filter((e) => e !== 'creation-defer-length');
  return store;
}

function createTusStore(): TusStore {
  if (config.storageDriver === 's3') {
    const s3 = config.s3;
    const store = withoutDeferredLength(
      new TransmuteS3Store({
        partSize: PART_SIZE_BYTES,
        expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
        cache: noMetadataCache,
        s3ClientConfig: { bucket: s3.bucket, ...s3ClientOptions(s3) },
      }),
    );
    return { store, removeMetadata: (id) => store.removeMetadata(id) };
  }
  mkdirSync(path.join(config.filesDir, 'inputs'), { recursive: true });
  const store = withoutDeferredLength(
    new TransmuteFileStore({ directory: config.filesDir, expirationPeriodInMilliseconds: UPLOAD_TTL_MS }),
  );
  return { store, removeMetadata: (id) => store.configstore.delete(id) };
}

const cache = globalThis as unknown as { tusStore?: TusStore };

export const tusStore = (): TusStore => (cache.tusStore ??= createTusStore());

/** Drops an unfinished tus upload (bytes and record); what is already gone is no error. */
export async function discardTusUpload(id: string) {
  await tusStore()
    .store.remove(id)
    .catch(() => {});
  await tusStore()
    .removeMetadata(id)
    .catch(() => {});
}
