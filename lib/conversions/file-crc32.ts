import { crc32 } from 'node:zlib';
import { readLocalFile } from '@/lib/storage/read-whole';

/**
 * CRC-32 of a local file with Node's native zlib.crc32. The worker stores it with each result, so
 * the batch ZIP can write a stored entry's header up front and send its bytes untouched.
 */
export async function fileCrc32(file: string): Promise<number> {
  let crc = 0;
  for await (const chunk of readLocalFile(file)) crc = crc32(chunk as Buffer, crc);
  return crc;
}
