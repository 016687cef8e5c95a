import { open } from 'node:fs/promises';

// The symbols a shared library offers the dynamic loader: the defined, visible entries of its
// .dynsym (x86-64 and other 64-bit little-endian ELF). Names are kept as 32-bit FNV-1a hashes
// of their bytes, never as strings, so reading the 200 libraries of an engine costs a few MB for a
// moment. A hash collision can only make two libraries look as if they shared a name, which is the
// cautious side for ./library-order.ts.

const SHT_DYNSYM = 11;
const SYM_SIZE = 24;
const SHN_UNDEF = 0;
const SHN_ABS = 0xfff1;
const BIND_GLOBAL = 1;
const BIND_WEAK = 2;
const BIND_GNU_UNIQUE = 10;
const VIS_HIDDEN = 2;
const VIS_INTERNAL = 1;

/**
 * Names older linkers define in every library for itself (its bounds, its init and fini code): a
 * library that named one would mean its own, so they are not names libraries offer each other.
 */
const OWN_NAMES = new Set(['_edata', '_end', '__bss_start', '_init', '_fini']);

/** FNV-1a over the NUL-terminated bytes at `at`. */
function nameHash(strings: Buffer, at: number): number {
  let h = 0x811c9dc5;
  for (let i = at; i < strings.length && strings[i] !== 0; i++) h = Math.imul(h ^ strings[i], 0x01000193);
  return h >>> 0;
}

/** The NUL-terminated string at `at`, read only for names as short as OWN_NAMES. */
function cString(strings: Buffer, at: number): string {
  const end = strings.indexOf(0, at);
  return end - at > 12 || end < 0 ? '' : strings.toString('latin1', at, end);
}

/**
 * The hashes of the names `file` defines for other objects to bind to, sorted, or null when it is
 * not a 64-bit little-endian ELF object with a .dynsym section.
 */
export async function exportedNameHashes(file: string): Promise<Uint32Array | null> {
  const fd = await open(file, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await fd.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const header = await read(0, 64);
    // "\x7fELF", class 2 (64-bit), data 1 (little-endian).
    if (header.length < 64 || header.readUInt32BE(0) !== 0x7f454c46 || header[4] !== 2 || header[5] !== 1) return null;
    const sectionsAt = Number(header.readBigUInt64LE(0x28));
    const sectionSize = header.readUInt16LE(0x3a);
    const sectionCount = header.readUInt16LE(0x3c);
    if (!sectionsAt || sectionSize < 64 || !sectionCount) return null;
    const sections = await read(sectionsAt, sectionSize * sectionCount);
    const section = (i: number) => {
      const at = i * sectionSize;
      return {
        type: sections.readUInt32LE(at + 4),
        offset: Number(sections.readBigUInt64LE(at + 0x18)),
        size: Number(sections.readBigUInt64LE(at + 0x20)),
        link: sections.readUInt32LE(at + 0x28),
      };
    };
    for (let i = 0; i < sectionCount && (i + 1) * sectionSize <= sections.length; i++) {
      const dynsym = section(i);
      if (dynsym.type !== SHT_DYNSYM || dynsym.link >= sectionCount) continue;
      const names = section(dynsym.link);
      const [symbols, strings] = await Promise.all([read(dynsym.offset, dynsym.size), read(names.offset, names.size)]);
      const hashes: number[] = [];
      for (let at = 0; at + SYM_SIZE <= symbols.length; at += SYM_SIZE) {
        const bind = symbols[at + 4] >> 4;
        const visibility = symbols[at + 5] & 3;
        const section = symbols.readUInt16LE(at + 6);
        // Undefined: a name it uses, not one it offers. Absolute: a version's name (GLIBC_2.2.5), which nothing binds to.
        if (section === SHN_UNDEF || section === SHN_ABS) continue;
        if (bind !== BIND_GLOBAL && bind !== BIND_WEAK && bind !== BIND_GNU_UNIQUE) continue;
        if (visibility === VIS_HIDDEN || visibility === VIS_INTERNAL) continue;
        const nameAt = symbols.readUInt32LE(at);
        if (OWN_NAMES.has(cString(strings, nameAt))) continue;
        hashes.push(nameHash(strings, nameAt));
      }
      return Uint32Array.from(hashes).sort();
    }
    return null;
  } finally {
    await fd.close();
  }
}
