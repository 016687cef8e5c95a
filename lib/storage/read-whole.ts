import { createReadStream, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';

/**
 * A local file of up to this size (most results, most pictures) is read whole, at once and
 * synchronously; a larger one streams in chunks of this size, which bounds the memory each reader
 * holds. From the page cache a 1 MiB read blocks the thread for about 0.1 ms, while a read through
 * libuv's thread pool is several hand-offs to another thread and back, each a wake-up that waits for
 * the scheduler when the engines keep both cores busy (docs/architecture.md, "Files on the hot path").
 */
const READ_WHOLE_MAX_BYTES = 1024 * 1024;

/**
 * A local file's bytes as a stream, read whole or in chunks by the rule above. Throws (ENOENT)
 * before any stream exists.
 */
export function readLocalFile(file: string): Readable {
  if (statSync(file).size <= READ_WHOLE_MAX_BYTES) return Readable.from([readFileSync(file)], { objectMode: false });
  return createReadStream(file, { highWaterMark: READ_WHOLE_MAX_BYTES });
}
