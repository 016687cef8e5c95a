import { HEAD_BYTES } from '@/lib/formats/detect-format';
import { storage } from '@/lib/storage';

/** The first HEAD_BYTES of a stored object (what format detection reads); the rest is not fetched. */
export async function readStoredHead(key: string): Promise<Buffer> {
  const stream = await storage().get(key);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= HEAD_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}
