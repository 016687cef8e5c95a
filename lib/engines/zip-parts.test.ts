import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { zipParts } from './zip-parts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'zip-parts-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

async function entries(file: string): Promise<Array<[string, string]>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const found: Array<[string, string]> = [];
  for await (const e of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(e)) chunks.push(c as Buffer);
    found.push([e.fileName, Buffer.concat(chunks).toString()]);
  }
  zip.close();
  return found;
}

describe('zipParts', () => {
  it('keeps the order given, makes names safe and unique per folder, deflated or stored', async () => {
    const file = (n: string) => path.join(workDir, n);
    for (const n of ['z', 'a', 'b', 'c', 'd']) await writeFile(file(n), `content of ${n}\n`.repeat(20));
    for (const deflate of [true, false]) {
      const job = { workDir, outputPath: path.join(workDir, `out-${deflate}.zip`) };
      const result = await zipParts(
        job,
        [
          { name: 'Zeta.csv', file: file('z') },
          { name: 'alpha.csv', file: file('a') },
          { name: 'ALPHA.csv', file: file('b') },
          { name: 'alpha.csv', folder: 'media', file: file('c') },
          { name: '../x\u0000y.csv', file: file('d') },
        ],
        { deflate },
      );
      expect(result).toEqual({ parts: 5 });
      expect(await entries(job.outputPath)).toEqual([
        ['Zeta.csv', 'content of z\n'.repeat(20)],
        ['alpha.csv', 'content of a\n'.repeat(20)],
        ['ALPHA (1).csv', 'content of b\n'.repeat(20)],
        ['media/alpha.csv', 'content of c\n'.repeat(20)],
        ['_xy.csv', 'content of d\n'.repeat(20)],
      ]);
    }
  });

  it('refuses a link or a file outside the job folder', async () => {
    const job = { workDir, outputPath: path.join(workDir, 'refused.zip') };
    await symlink('/etc/hostname', path.join(workDir, 'link'));
    await expect(zipParts(job, [{ name: 'x', file: path.join(workDir, 'link') }], { deflate: true })).rejects.toThrow(
      /something other than a file/,
    );
    await mkdir(path.join(workDir, 'sub'));
    await expect(zipParts(job, [{ name: 'x', file: path.join(workDir, 'sub') }], { deflate: true })).rejects.toThrow();
  });
});
