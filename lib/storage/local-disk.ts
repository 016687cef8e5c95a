import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import { randomToken } from '@/lib/crypto';
import { assertValidKey } from '@/lib/storage/keys';
import { signDownload } from '@/lib/storage/signed-download';
import type { Storage } from '@/lib/storage/types';

/** Files under a root folder. Writes go to a temp name and are renamed when complete. */
export function localDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  return {
    driver: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomToken(6)}.part`;
      try {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        await rename(tmp, file);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return { size: (await stat(file)).size };
    },
    async get(key) {
      const file = fileOf(key);
      await stat(file); // throws ENOENT before a stream is handed out
      return createReadStream(file) as Readable;
    },
    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async presignedUrl(key, { expiresInSeconds, fileName, contentType, baseUrl }) {
      const token = signDownload({ key, exp: Math.floor(Date.now() / 1000) + expiresInSeconds, cd: contentDisposition(fileName), ct: contentType });
      return `${baseUrl}/api/v1/files/${token}`;
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
  };
}
