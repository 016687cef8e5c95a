import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseJobFolder, removeRunFolder, takeJobFolder } from './job-folders';

describe('removeRunFolder', () => {
  let root: string;
  let folder: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'run-folder-test-'));
    folder = path.join(root, 'job');
    mkdirSync(folder);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('removes a folder of links to files kept elsewhere before it returns, and the files stay whole', async () => {
    const kept = path.join(root, 'stored-input');
    writeFileSync(kept, 'the input');
    linkSync(kept, path.join(folder, 'input.png'));
    const removal = removeRunFolder(folder);
    expect(existsSync(folder)).toBe(false); // on this thread, not by a later hand-off
    await removal;
    expect(readFileSync(kept, 'utf8')).toBe('the input');
  });

  it('leaves a folder holding files of its own, or more than a run places, to the thread pool', async () => {
    writeFileSync(path.join(folder, 'partial-output.webp'), 'left by an engine');
    const removal = removeRunFolder(folder);
    expect(existsSync(folder)).toBe(true);
    await removal;
    expect(existsSync(folder)).toBe(false);

    mkdirSync(folder);
    const kept = path.join(root, 'kept');
    writeFileSync(kept, 'x');
    for (let i = 0; i < 5; i++) linkSync(kept, path.join(folder, `link-${i}`));
    await removeRunFolder(folder);
    expect(existsSync(folder)).toBe(false);
    expect(readFileSync(kept, 'utf8')).toBe('x');
  });

  it('leaves a folder an engine filled with thousands of names to the thread pool, unread here', async () => {
    for (let i = 0; i < 3000; i++)
      writeFileSync(path.join(folder, `left-by-the-engine-${String(i).padStart(20, '0')}`), '');
    const removal = removeRunFolder(folder);
    expect(existsSync(folder)).toBe(true);
    await removal;
    expect(existsSync(folder)).toBe(false);
  });

  it('does nothing for a folder that was never made', async () => {
    await expect(removeRunFolder(path.join(root, 'never-made'))).resolves.toBeUndefined();
  });
});

describe('job folders kept for the next run', () => {
  let root: string;
  let dataDirBefore: string | undefined;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'job-folder-pool-test-'));
    dataDirBefore = process.env.DATA_DIR;
    // This process's jobs folder is fixed at its first use: under root for this file's tests.
    process.env.DATA_DIR = root;
  });
  afterAll(() => {
    if (dataDirBefore === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = dataDirBefore;
    rmSync(root, { recursive: true, force: true });
  });

  const storedInput = () => {
    const file = path.join(root, `stored-${Math.random()}`);
    writeFileSync(file, 'the input');
    return file;
  };

  it('gives a folder emptied of the links a run placed to the next run, under its name, and the files stay whole', async () => {
    const first = takeJobFolder('1-1-abc');
    expect(path.basename(first)).toBe('1-1-abc');
    expect(path.dirname(path.dirname(first))).toBe(path.join(root, 'jobs'));
    const kept = storedInput();
    linkSync(kept, path.join(first, 'input.png'));
    const inode = statSync(first).ino;
    await releaseJobFolder(first);
    const second = takeJobFolder('2-1-def');
    expect(path.basename(second)).toBe('2-1-def');
    expect(statSync(second).ino).toBe(inode); // the same folder, renamed: no new inode
    expect(existsSync(first)).toBe(false);
    expect(readdirSync(second)).toEqual([]);
    expect(readFileSync(kept, 'utf8')).toBe('the input');
    await releaseJobFolder(second);
  });

  it('does not give out a kept folder that was removed meanwhile', async () => {
    const folder = takeJobFolder('3-1-abc');
    await releaseJobFolder(folder);
    rmSync(folder, { recursive: true });
    const next = takeJobFolder('4-1-abc');
    expect(statSync(next).isDirectory()).toBe(true);
    expect(readdirSync(next)).toEqual([]);
    await releaseJobFolder(next);
  });

  it.each([
    ['left files of its own in it', (folder: string) => writeFileSync(path.join(folder, 'left.tmp'), 'x')],
    ['opened it to other users', (folder: string) => chmodSync(folder, 0o755)],
  ])('removes a folder whose engine %s, and gives the next run another', async (_, engineDoes) => {
    const folder = takeJobFolder('5-1-abc');
    linkSync(storedInput(), path.join(folder, 'input.png'));
    engineDoes(folder);
    await releaseJobFolder(folder);
    expect(existsSync(folder)).toBe(false); // a kept folder stays where it is until it is taken
    const next = takeJobFolder('6-1-abc');
    expect(readdirSync(next)).toEqual([]);
    expect(statSync(next).mode & 0o777).toBe(0o700);
    await releaseJobFolder(next);
  });
});
