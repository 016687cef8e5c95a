import { inflateRawSync } from 'node:zlib';

// The entries of a ZIP read whole from its central directory: the test side reads results of a few
// kilobytes, so one buffer is enough (no ZIP64, which no result here needs).

export type ZipEntry = { name: string; method: number; data: Buffer };

/** Every entry of the ZIP in `bytes`, in central directory order; `data` is as stored (see `method`). */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('not a ZIP: broken central directory');
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const [nameLen, extraLen, commentLen] = [28, 30, 32].map((o) => bytes.readUInt16LE(at + o));
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    out.push({ name, method, data: bytes.subarray(dataAt, dataAt + size) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** An entry's bytes, inflated when it is deflated. */
export const entryBytes = (e: ZipEntry) => (e.method === 8 ? inflateRawSync(e.data) : e.data);
