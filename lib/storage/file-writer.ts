import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * How much a file being written from a request may buffer. Node's default (16 KiB) pauses the
 * socket after every 64 KiB chunk and writes each one with its own system call; with a few MiB the
 * chunks that arrive while one write runs go out together in the next (`writev`), which made
 * uploads about a third faster (bench/uploads.ts). It is per file being written, not per upload byte.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * A write stream for a received body: `wx` (new file) or `r+` at `start` (a part of one). With
 * `fd` (the file opened by the caller) it writes there and leaves the descriptor open once it has
 * finished, for the caller to close; destroyed (a failure), it closes it.
 */
export function createFileWriter(
  file: string,
  options: { flags: 'wx' | 'r+'; start?: number; fd?: number },
): WriteStream {
  const opened = options.fd === undefined ? {} : { autoClose: false };
  return createWriteStream(file, { ...options, ...opened, highWaterMark: WRITE_BUFFER_BYTES });
}
