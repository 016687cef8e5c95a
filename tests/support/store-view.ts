import { existsSync } from 'node:fs';
import path from 'node:path';

/** What a storage driver holds, looked at from outside the app, for the suites run once per driver. */
export type StoreView = {
  driver: 'local' | 's3';
  /** Whether the object or file at `key` (a storage key, or a record tus keeps beside one) exists. */
  has(key: string): Promise<boolean>;
  /** Whether a multipart object at `key` is still open: neither completed nor aborted. */
  multipartOpen(key: string): Promise<boolean>;
};

/** Local disk: the files under `filesDir` (lib/config's, passed in so this module reads no environment). */
export function localStoreView(filesDir: string): StoreView {
  const has = async (key: string) => existsSync(path.join(filesDir, key));
  // lib/storage/local-disk.ts assembles a multipart object in `<key>.multipart` until completed.
  return { driver: 'local', has, multipartOpen: (key) => has(`${key}.multipart`) };
}
