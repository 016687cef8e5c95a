import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNameHashes } from './elf-exports';

/** A shared library this Node process has loaded, by file name (libc.so.6, libm.so.6…). */
function loaded(name: string): string {
  const file = readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .map((line) => line.split(/\s+/)[5])
    .find((f) => f && path.basename(f).startsWith(name));
  if (!file) throw new Error(`${name} is not loaded`);
  return file;
}

const shared = (a: Uint32Array, b: Uint32Array) => {
  const names = new Set(b);
  return a.filter((n) => names.has(n)).length;
};

describe('exportedNameHashes', () => {
  it('reads the names a library defines, sorted: libc and libm both define some math functions', async () => {
    const libc = (await exportedNameHashes(loaded('libc.so.6')))!;
    const libm = (await exportedNameHashes(loaded('libm.so.6')))!;
    expect(libc.length).toBeGreaterThan(1000);
    expect([...libc]).toEqual([...libc].sort((a, b) => a - b));
    // frexp, ldexp, scalbn… are in both.
    expect(shared(libc, libm)).toBeGreaterThan(5);
  });

  it('leaves out the names a library only uses: libstdc++ calls malloc and memcpy but shares no name with libc', async () => {
    const libc = (await exportedNameHashes(loaded('libc.so.6')))!;
    const libstdcxx = (await exportedNameHashes(loaded('libstdc++.so.6')))!;
    expect(libstdcxx.length).toBeGreaterThan(1000);
    expect(shared(libc, libstdcxx)).toBe(0);
  });

  it('answers null for a file that is not an ELF object', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'elf-'));
    try {
      await writeFile(path.join(dir, 'libfake.so'), '\x7fELF but not really');
      expect(await exportedNameHashes(path.join(dir, 'libfake.so'))).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
