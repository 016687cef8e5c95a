import { pipeline, Readable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

// A streaming ZIP writer (PKWARE APPNOTE 6.3.10), small on purpose: archiver computes every entry's
// CRC-32 in JavaScript and passes each chunk through four stream layers, which held the batch ZIP
// to 0.4x the speed of reading the files. Here a stored entry whose CRC-32 is known (computed by
// the worker when it stored the result) gets a complete local header and its bytes go out exactly
// as storage hands them over; other entries get their CRC-32 from Node's native zlib.crc32 while
// they stream, and a data descriptor after their data.

export type ZipEntry = {
  /** Unique, safe name (lib/zip/zip-entry-names.ts); written as UTF-8. */
  name: string;
  date: Date;
  /** The object's byte count, checked while it streams (a stored header must not lie). */
  size: number;
  /** CRC-32 of the bytes, when known up front (used for stored entries only). */
  crc32: number | null;
  deflate: boolean;
  /** Opened only when the entry's turn comes, so one source is open at a time. */
  open: () => Promise<Readable>;
};

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const VERSION_MADE_BY = (3 << 8) | 45; // Unix, APPNOTE 4.5
const FILE_MODE = (0o100644 << 16) >>> 0; // a regular file, rw-r--r--

/** Whether an entry needs 64-bit sizes: decided from its declared size before any byte is sent. */
function needsZip64(entry: ZipEntry): boolean {
  // Deflate can grow incompressible input a little (zlib's deflateBound: about 0.03 % + 13 bytes).
  const bound = entry.deflate ? entry.size + Math.ceil(entry.size / 1024) + 64 : entry.size;
  return bound >= MAX32;
}

/** MS-DOS date and time (local time, two-second steps), as ZIP readers expect them. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Little-endian record builder. */
class Record {
  readonly buffer: Buffer;
  private at = 0;
  constructor(size: number) {
    this.buffer = Buffer.alloc(size);
  }
  u16(v: number) {
    this.at = this.buffer.writeUInt16LE(v, this.at);
    return this;
  }
  u32(v: number) {
    this.at = this.buffer.writeUInt32LE(v, this.at);
    return this;
  }
  u64(v: number) {
    this.at = this.buffer.writeBigUInt64LE(BigInt(v), this.at);
    return this;
  }
  bytes(b: Buffer) {
    this.at += b.copy(this.buffer, this.at);
    return this;
  }
  done(): Buffer {
    if (this.at !== this.buffer.length) throw new Error(`ZIP record: wrote ${this.at} of ${this.buffer.length} bytes`);
    return this.buffer;
  }
}

/** The ZIP64 extended information extra field (id 1) with the given 64-bit values. */
function zip64Extra(values: number[]): Buffer {
  const r = new Record(4 + 8 * values.length).u16(0x0001).u16(8 * values.length);
  for (const v of values) r.u64(v);
  return r.done();
}

/** One entry as written: what its headers say, filled in while its data streams. */
type Written = {
  name: Buffer;
  flags: number;
  method: number;
  zip64: boolean;
  offset: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  compressed: number;
};

/**
 * `known` is the entry's size when its CRC is known too; otherwise (null) a data descriptor
 * follows the data and the CRC and sizes here are zero (APPNOTE 4.4.4).
 */
function localHeader(w: Written, known: number | null): Buffer {
  const crc = known === null ? 0 : w.crc;
  const size = known ?? 0;
  // A ZIP64 entry says 0xFFFFFFFF and carries both sizes in its extra field (4.5.3).
  const extra = w.zip64 ? zip64Extra([size, size]) : Buffer.alloc(0);
  return new Record(30 + w.name.length + extra.length)
    .u32(0x04034b50)
    .u16(w.zip64 ? 45 : 20)
    .u16(w.flags)
    .u16(w.method)
    .u16(w.time)
    .u16(w.date)
    .u32(crc)
    .u32(w.zip64 ? MAX32 : size)
    .u32(w.zip64 ? MAX32 : size)
    .u16(w.name.length)
    .u16(extra.length)
    .bytes(w.name)
    .bytes(extra)
    .done();
}

function dataDescriptor(w: Written): Buffer {
  const r = new Record(w.zip64 ? 24 : 16).u32(0x08074b50).u32(w.crc);
  return (w.zip64 ? r.u64(w.compressed).u64(w.size) : r.u32(w.compressed).u32(w.size)).done();
}

function centralHeader(w: Written): Buffer {
  const farOffset = w.offset >= MAX32;
  const extra64 = [...(w.zip64 ? [w.size, w.compressed] : []), ...(farOffset ? [w.offset] : [])];
  const extra = extra64.length > 0 ? zip64Extra(extra64) : Buffer.alloc(0);
  return new Record(46 + w.name.length + extra.length)
    .u32(0x02014b50)
    .u16(VERSION_MADE_BY)
    .u16(w.zip64 || farOffset ? 45 : 20)
    .u16(w.flags)
    .u16(w.method)
    .u16(w.time)
    .u16(w.date)
    .u32(w.crc)
    .u32(w.zip64 ? MAX32 : w.compressed)
    .u32(w.zip64 ? MAX32 : w.size)
    .u16(w.name.length)
    .u16(extra.length)
    .u16(0) // comment length
    .u16(0) // disk number
    .u16(0) // internal attributes
    .u32(FILE_MODE)
    .u32(farOffset ? MAX32 : w.offset)
    .bytes(w.name)
    .bytes(extra)
    .done();
}

/** The end records; the ZIP64 ones when a count, size or offset does not fit the classic record. */
function endRecords(count: number, cdOffset: number, cdSize: number): Buffer[] {
  const zip64 = count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  const end = new Record(22)
    .u32(0x06054b50)
    .u16(0) // this disk
    .u16(0) // disk with the central directory
    .u16(zip64 ? MAX16 : count)
    .u16(zip64 ? MAX16 : count)
    .u32(zip64 ? MAX32 : cdSize)
    .u32(zip64 ? MAX32 : cdOffset)
    .u16(0) // comment length
    .done();
  if (!zip64) return [end];
  const record = new Record(56)
    .u32(0x06064b50)
    .u64(44) // size of the rest of this record
    .u16(VERSION_MADE_BY)
    .u16(45)
    .u32(0)
    .u32(0)
    .u64(count)
    .u64(count)
    .u64(cdSize)
    .u64(cdOffset)
    .done();
  const locator = new Record(20)
    .u32(0x07064b50)
    .u32(0)
    .u64(cdOffset + cdSize)
    .u32(1)
    .done();
  return [record, locator, end];
}

/** Counts and checksums the source's bytes into `w` as they pass. */
async function* tally(source: AsyncIterable<Buffer>, w: Written, crcKnown: boolean): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (!crcKnown) w.crc = crc32(chunk, w.crc);
    w.size += chunk.length;
    yield chunk;
  }
}

/**
 * The ZIP's bytes, entry after entry: each source is opened when its turn comes and read no
 * faster than the consumer takes the bytes; stopping early (return) closes the open source.
 */
export async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Buffer, void, undefined> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    // Stored with a known CRC: a complete header, then the bytes as they are, no descriptor. A
    // deflated entry's compressed size is known only at its end, so it always has a descriptor.
    const knownCrc = entry.deflate ? null : entry.crc32;
    const descriptor = knownCrc === null;
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length > MAX16) throw new Error('ZIP entry name too long');
    const w: Written = {
      name,
      flags: FLAG_UTF8 | (descriptor ? FLAG_DATA_DESCRIPTOR : 0),
      method: entry.deflate ? 8 : 0,
      zip64: needsZip64(entry),
      offset,
      ...dosDateTime(entry.date),
      crc: knownCrc === null ? 0 : knownCrc >>> 0,
      size: 0,
      compressed: 0,
    };
    const header = localHeader(w, descriptor ? null : entry.size);
    yield header;
    offset += header.length;

    const source = tally(await entry.open(), w, !descriptor);
    if (entry.deflate) {
      const deflated = pipeline(Readable.from(source), createDeflateRaw({ level: 6 }), () => {});
      for await (const chunk of deflated as AsyncIterable<Buffer>) {
        w.compressed += chunk.length;
        yield chunk;
      }
    } else {
      yield* source;
      w.compressed = w.size;
    }
    if (w.size !== entry.size) throw new Error(`ZIP entry ${entry.name}: ${w.size} bytes, expected ${entry.size}`);
    if (!w.zip64 && w.compressed >= MAX32) throw new Error(`ZIP entry ${entry.name}: over 4 GiB compressed`);
    offset += w.compressed;
    if (descriptor) {
      const record = dataDescriptor(w);
      yield record;
      offset += record.length;
    }
    central.push(centralHeader(w));
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  yield Buffer.concat([...central, ...endRecords(entries.length, offset, cdSize)]);
}
