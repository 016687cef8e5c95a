import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type ZipEntry, zipChunks } from '@/lib/zip/zip-writer';

// Every archive is checked by Info-ZIP: `unzip -t` recomputes each entry's CRC-32 and compares it
// with the headers, and zipinfo reads the records field by field.

const dir = await mkdtemp(path.join(tmpdir(), 'zip-writer-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const ZEROS = Buffer.alloc(1 << 20);
const date = new Date(2026, 10, 23, 19, 30, 42);

function entry(name: string, bytes: Buffer, over: Partial<ZipEntry> = {}): ZipEntry {
  return {
    name,
    date,
    size: bytes.length,
    crc32: crc32(bytes),
    deflate: false,
    open: async () => Readable.from([bytes]),
    ...over,
  };
}

/** Writes the archive to a file; chunks of ZEROS are skipped over (a sparse file), so 4 GiB cost no disk. */
async function writeZip(entries: ZipEntry[], name = 'test.zip'): Promise<string> {
  const file = path.join(dir, name);
  const fd = openSync(file, 'w');
  let at = 0;
  try {
    for await (const chunk of zipChunks(entries)) {
      if (chunk !== ZEROS) writeSync(fd, chunk, 0, chunk.length, at);
      at += chunk.length;
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

const unzipTest = (file: string) => spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
const zipinfo = (file: string) => execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' });
const field = (info: string, label: string) =>
  [...info.matchAll(new RegExp(`^\\s*${label}:\\s+(.+)$`, 'gm'))].map((m) => m[1]);
const unzipBytes = (file: string, name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 1 << 26 });

describe('zipChunks', () => {
  const text = Buffer.from('hello, zip\n'.repeat(500));
  const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251));

  it('stored entries with a known CRC: complete headers, no data descriptor, bytes as given', async () => {
    const file = await writeZip([entry('a.webp', binary), entry('été.pdf', text), entry('empty.png', Buffer.alloc(0))]);
    expect(unzipTest(file).status).toBe(0);
    const info = zipinfo(file);
    expect(field(info, 'compression method')).toEqual(['none (stored)', 'none (stored)', 'none (stored)']);
    expect(field(info, 'extended local header')).toEqual(['no', 'no', 'no']);
    expect(field(info, 'file last modified on \\(DOS date/time\\)')).toEqual(Array(3).fill('2026 Nov 23 19:30:42'));
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'a.webp',
      'été.pdf',
      'empty.png',
    ]);
    expect(unzipBytes(file, 'a.webp')).toEqual(binary);
    expect(unzipBytes(file, 'été.pdf')).toEqual(text);
  });

  it('writes the CRC it is given: a wrong one fails unzip -t', async () => {
    const file = await writeZip([entry('a.webp', binary, { crc32: (crc32(binary) ^ 1) >>> 0 })], 'bad-crc.zip');
    const res = unzipTest(file);
    expect(res.status).not.toBe(0);
    expect(res.stdout + res.stderr).toMatch(/bad CRC/);
  });

  it('computes the CRC while streaming when unknown, and deflates, each with a data descriptor', async () => {
    const file = await writeZip([
      entry('old.webp', binary, { crc32: null }),
      entry('notes.txt', text, { crc32: null, deflate: true }),
      entry('known.txt', text, { deflate: true }), // a deflated entry's compressed size is never known up front
    ]);
    expect(unzipTest(file).status).toBe(0);
    const info = zipinfo(file);
    expect(field(info, 'compression method')).toEqual(['none (stored)', 'deflated', 'deflated']);
    expect(field(info, 'extended local header')).toEqual(['yes', 'yes', 'yes']);
    expect(unzipBytes(file, 'old.webp')).toEqual(binary);
    expect(unzipBytes(file, 'notes.txt')).toEqual(text);
    expect(Number(field(info, 'compressed size')[1].split(' ')[0])).toBeLessThan(text.length / 10);
  });

  it('refuses a source whose length differs from the declared size (its header would lie)', async () => {
    const short = entry('a.webp', binary, { size: binary.length + 1 });
    await expect(writeZip([short], 'short.zip')).rejects.toThrow(/70000 bytes, expected 70001/);
  });

  it('pulls only what is read, and a cancelled web stream (the client went away) closes the open source', async () => {
    let sent = 0;
    const source = Readable.from(
      (function* () {
        for (;;) {
          sent++;
          yield ZEROS;
        }
      })(),
      { highWaterMark: 1 },
    );
    const reader = ReadableStream.from(
      zipChunks([entry('endless.bin', ZEROS, { size: 2 ** 40, open: async () => source })]),
    ).getReader();
    await reader.read(); // local header
    for (let i = 0; i < 10; i++) await reader.read();
    // Reading ahead would need no I/O (the source is a generator): after one turn of the event loop
    // it would have happened.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBeLessThan(20); // backpressure: not the whole (endless) file
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });

  it('ZIP64: entries over 4 GiB and offsets past 4 GiB, read back by unzip and zipinfo', async () => {
    const mib = 4097; // 4 GiB + 1 MiB of zeros, declared and streamed, never held
    let bigCrc = 0;
    for (let i = 0; i < mib; i++) bigCrc = crc32(ZEROS, bigCrc);
    const zeros = () =>
      Readable.from(
        (function* () {
          for (let i = 0; i < mib; i++) yield ZEROS;
        })(),
      );
    const size = mib * ZEROS.length;
    const file = await writeZip(
      [
        { name: 'big.bin', date, size, crc32: bigCrc, deflate: false, open: async () => zeros() },
        entry('after.webp', binary),
        { name: 'big-unknown.bin', date, size, crc32: null, deflate: false, open: async () => zeros() },
        entry('last.txt', text, { crc32: null, deflate: true }),
      ],
      'zip64.zip',
    );
    // unzip tests the small entries only (Info-ZIP reads 4 GiB in ~20 s here): found through the
    // ZIP64 end records and 64-bit offsets, past 4 and 8 GiB of data and a ZIP64 data descriptor.
    const res = spawnSync('unzip', ['-tq', file, 'after.webp', 'last.txt'], { encoding: 'utf8' });
    expect(res.status, res.stdout + res.stderr).toBe(0);
    const info = zipinfo(file);
    expect(field(info, 'uncompressed size')).toEqual([size, binary.length, size, text.length].map((n) => `${n} bytes`));
    expect(field(info, 'compressed size').slice(0, 3)).toEqual([size, binary.length, size].map((n) => `${n} bytes`));
    const crcHex = (n: number) => n.toString(16).padStart(8, '0');
    expect(field(info, '32-bit CRC value \\(hex\\)')).toEqual([bigCrc, crc32(binary), bigCrc, crc32(text)].map(crcHex));
    expect(field(info, 'extended local header')).toEqual(['no', 'no', 'yes', 'yes']);
    const offsets = field(info, 'offset of local header from start of archive').map(Number);
    const header = (name: string) => 30 + name.length + 20; // + the ZIP64 extra field
    expect(offsets).toEqual([
      0,
      header('big.bin') + size,
      header('big.bin') + size + 30 + 'after.webp'.length + binary.length,
      header('big.bin') + size + 30 + 'after.webp'.length + binary.length + header('big-unknown.bin') + size + 24,
    ]);
    expect(unzipBytes(file, 'after.webp')).toEqual(binary);
    expect(unzipBytes(file, 'last.txt')).toEqual(text);
  }, 120_000);
});
