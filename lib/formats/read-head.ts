import { closeSync, openSync, readSync } from 'node:fs';
import { HEAD_BYTES } from './head-bytes';

/**
 * The first bytes of a file (what format detection looks at). Read synchronously: a few KiB of a
 * local file cost less than the three thread-pool hand-offs of an async read (docs/architecture.md,
 * "Files on the hot path").
 */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const bytesRead = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    closeSync(fd);
  }
}
