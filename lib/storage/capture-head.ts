import { Transform } from 'node:stream';

/**
 * A pass-through stream that keeps the first `bytes` bytes going through it, for format detection
 * of a file while it streams into storage (so the file is never read back for it).
 */
export function captureHead(bytes: number): { tap: Transform; head: () => Buffer } {
  const parts: Buffer[] = [];
  let kept = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (kept < bytes) {
        const part = chunk.subarray(0, bytes - kept);
        parts.push(part);
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  return { tap, head: () => Buffer.concat(parts) };
}
