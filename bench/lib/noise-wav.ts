// The benchmark's large file: a WAV header over seeded noise, generated on the fly in 1 MiB chunks
// (never held whole), the same bytes for whichever range is asked for.
import { Readable } from 'node:stream';

const MiB = 1024 * 1024;

const NOISE = (() => {
  const b = Buffer.alloc(MiB);
  let seed = 7;
  for (let i = 0; i < MiB; i += 4) b.writeUInt32LE((seed = (seed * 1664525 + 1013904223) >>> 0), i);
  return b;
})();

function wavHeader(total: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(Math.min(0xffffffff, total - 8), 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(44_100, 24);
  h.writeUInt32LE(44_100 * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(Math.min(0xffffffff, total - 44), 40);
  return h;
}

/** Bytes [start, end) of the file of `total` bytes: the same bytes whichever range is asked for. */
export function fileRange(total: number, start: number, end: number): Readable {
  const header = wavHeader(total);
  return Readable.from(
    (function* () {
      for (let at = start; at < end;) {
        const block = Math.floor(at / MiB);
        const stop = Math.min(end, (block + 1) * MiB);
        const chunk = Buffer.allocUnsafe(stop - at);
        NOISE.copy(chunk, 0, at - block * MiB, stop - block * MiB);
        // Every MiB carries its number, so a part written at the wrong place changes the hash.
        for (let i = 0; i < 4; i++)
          if (block * MiB + i >= at && block * MiB + i < stop) chunk[block * MiB + i - at] = (block >> (8 * i)) & 255;
        for (let i = 0; i < 44; i++) if (i >= at && i < stop) chunk[i - at] = header[i];
        at = stop;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}
