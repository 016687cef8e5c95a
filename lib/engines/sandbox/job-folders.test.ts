import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeRunFolder } from './job-folders';

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
