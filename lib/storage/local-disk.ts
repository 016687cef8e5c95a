import { execFile } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
} from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { randomToken } from '@/lib/crypto';
import { crossesFilesystems } from '@/lib/storage/cross-device';
import { createFileWriter } from '@/lib/storage/file-writer';
import { assertValidKey, KEY_KINDS } from '@/lib/storage/keys';
import { readLocalFile } from '@/lib/storage/read-whole';
import { signDownload } from '@/lib/storage/signed-download';
import type { Storage } from '@/lib/storage/types';
import { log } from '@/lib/log/logger';

const PART_SUFFIX = '.part';
/** A multipart object being assembled; its expiry is the upload's (lib/uploads), not the sweep's. */
const MULTIPART_SUFFIX = '.multipart';

/** A stored input once a job reads it: anyone may read it (a sandbox may map another user), nobody write. */
const READ_ONLY = 0o444;

/**
 * An input copied into a job folder on another filesystem is copied synchronously up to this size
 * (2.8 MB: about 0.7 ms of this thread), a larger one by the thread pool, which does not hold up
 * other requests.
 */
const COPY_AT_ONCE_MAX_BYTES = 8 * 1024 * 1024;

/** Files under a root folder. Writes go to a temp name and are renamed when complete. */
export function localDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      // The body's writes go through the thread pool; the calls around them (the open and close
      // included) touch only names and run here (docs/architecture.md, "Files on the hot path").
      // Through the thread pool, an open's completion waited for this thread, busy reading the
      // body, so the first write began only once the whole body was in, and the close added a
      // hand-off after the last (strace).
      const file = fileOf(key);
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomToken(6)}${PART_SUFFIX}`;
      let fd: number;
      try {
        fd = openSync(tmp, 'wx');
      } catch (e) {
        body.destroy(); // as a pipeline whose file cannot be written would
        throw e;
      }
      let size: number;
      try {
        // A failed pipeline has destroyed the writer, which closed the file itself.
        await pipeline(body, createFileWriter(tmp, { flags: 'wx', fd }));
        try {
          size = fstatSync(fd).size;
        } finally {
          closeSync(fd);
        }
        renameSync(tmp, file);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return { size };
    },
    async get(key) {
      // Whole (a download is one write to its socket) or in chunks; ENOENT before any stream.
      return readLocalFile(fileOf(key));
    },
    async getToFile(key, target) {
      // A second name for the stored file: no bytes move, and unlinking it later frees nothing. It
      // is read-only first, for every name it has: an engine that opened its input to write would
      // fail there, not damage the file a retry reads. Another filesystem: copied (a copy-on-write
      // clone where the filesystem has them).
      const file = fileOf(key);
      chmodSync(file, READ_ONLY);
      try {
        linkSync(file, target);
        return;
      } catch (e) {
        if (!crossesFilesystems(e)) throw e;
      }
      const mode = constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE;
      if (statSync(file).size <= COPY_AT_ONCE_MAX_BYTES) copyFileSync(file, target, mode);
      else await copyFile(file, target, mode);
    },
    async putFile(key, source) {
      // Metadata calls only, on this thread (docs/architecture.md, "Files on the hot path").
      const file = fileOf(key);
      mkdirSync(path.dirname(file), { recursive: true });
      try {
        renameSync(source, file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        // Another filesystem: copied aside and renamed into place, so a reader never sees half a file.
        const tmp = `${file}.${randomToken(6)}${PART_SUFFIX}`;
        try {
          await copyFile(source, tmp);
          await rename(tmp, file);
        } catch (err) {
          await rm(tmp, { force: true });
          throw err;
        }
        await rm(source, { force: true });
      }
      return { size: statSync(file).size };
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
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      return `${baseUrl}/api/v1/files/${signDownload({ key, exp, fileName, contentType })}`;
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
    async sweepIncomplete(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const kind of KEY_KINDS) {
        const folder = path.join(root, kind);
        const names = await readdir(folder).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith(PART_SUFFIX))) {
          const file = path.join(folder, name);
          const modified = await stat(file).then(
            (s) => s.mtimeMs,
            () => null,
          );
          if (modified === null || modified > cutoff) continue;
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    // Multipart: one file, each part written at its offset, renamed into place at the end, so
    // completing copies nothing.
    async createMultipart(key) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(`${file}${MULTIPART_SUFFIX}`, '', { flag: 'wx' });
      return '';
    },
    async putPart(key, _handle, { offset, size }, body) {
      const file = `${fileOf(key)}${MULTIPART_SUFFIX}`;
      try {
        // r+: the file must exist (an aborted upload's part fails instead of recreating it).
        await writeKeepingSource(body, createFileWriter(file, { flags: 'r+', start: offset }));
      } catch (e) {
        // A failed part is not recorded: its bytes would only hold space (a full disk) until the upload ends.
        await punchHole(file, offset, size);
        throw e;
      }
      return { etag: '' };
    },
    async completeMultipart(key) {
      const file = fileOf(key);
      await rename(`${file}${MULTIPART_SUFFIX}`, file);
    },
    async abortMultipart(key) {
      await rm(`${fileOf(key)}${MULTIPART_SUFFIX}`, { force: true });
    },
  };
}

/**
 * Frees the space of `length` bytes at `offset` of `file` (they read as zeros after), keeping its
 * size: Node has no fallocate(2), so util-linux's tool does it. A filesystem without hole punching
 * only keeps the bytes until the upload ends, so a failure here is logged, not thrown.
 */
async function punchHole(file: string, offset: number, length: number): Promise<void> {
  if (length <= 0) return;
  const args = ['--punch-hole', '--offset', String(offset), '--length', String(length), file];
  await promisify(execFile)('fallocate', args).catch(async (e: unknown) => {
    if (!(await stat(file).catch(() => null))) return; // the upload was abandoned meanwhile
    log.error({ error: (e as Error).message }, `[storage] could not free a failed part of ${path.basename(file)}`);
  });
}

/**
 * Writes `source` to `writer`. When the write fails (a full disk) the source is not destroyed but
 * read to its end and dropped, so the request it comes from ends normally and is answered (507),
 * rather than having its connection reset under the answer. A part is at most one part size long.
 */
function writeKeepingSource(source: Readable, writer: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    source.once('error', (e) => {
      writer.destroy();
      reject(e);
    });
    writer.once('error', (e) => {
      source.unpipe(writer);
      source.resume();
      reject(e);
    });
    writer.once('finish', () => resolve());
    source.pipe(writer);
  });
}
