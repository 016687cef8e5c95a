import { open } from 'node:fs/promises';
import { HEAD_BYTES } from './head-bytes';

/** The first bytes of a file (what format detection looks at). */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
