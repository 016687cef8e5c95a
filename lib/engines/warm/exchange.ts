import { constants, createReadStream, createWriteStream, linkSync, lstatSync, mkdirSync, renameSync } from 'node:fs';
import { copyFile, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crossesFilesystems } from '@/lib/storage/cross-device';
import { emptyRunFolder } from '../sandbox/job-folders';
import { EngineError } from '../sandbox/sandbox';

// Moving files in and out of a warm worker's exchange folder. The worker's folder and the job
// folder both live under the jobs folder, so a hard link (in) and a rename (out) cost no copy;
// on another filesystem we copy. A result is only ever taken as a regular file: a symlink left
// by a subverted engine must not make us read a file outside the sandbox. The calls that touch only
// names (make, link, rename, look, remove a slot) run on this thread: each would otherwise be a
// hand-off to the thread pool and back on every engine run (docs/architecture.md, "Files on the hot
// path").

/** The folder of an exchange folder that requests use in turn: a warm worker serves one at a time. */
const SLOT_NAME = 'run';

/**
 * Runs fn with the exchange folder's slot, emptied afterwards for the next request. The slot is
 * kept rather than made and removed for each request: on this machine's ext4 a new folder's inode
 * cost more than the rest of the exchange (bench/RESULTS.md, "Folders kept for the next run").
 */
export async function withExchangeSlot<T>(exchangeDir: string, fn: (slot: string) => Promise<T>): Promise<T> {
  const slot = path.join(exchangeDir, SLOT_NAME);
  // Looked for rather than made regardless: a refused mkdir costs an exception each request.
  if (!lstatSync(slot, { throwIfNoEntry: false })) mkdirSync(slot, { mode: 0o700 });
  try {
    return await fn(slot);
  } finally {
    await emptyRunFolder(slot);
  }
}

/** Puts our input where the worker sees it. */
export async function placeIn(source: string, target: string): Promise<void> {
  try {
    linkSync(source, target);
  } catch (e) {
    if (!crossesFilesystems(e)) throw e;
    await copyFile(source, target);
  }
}

/** Takes the worker's result out to `target`; false if there is no non-empty regular file. */
export async function takeOut(source: string, target: string): Promise<boolean> {
  const found = lstatSync(source, { throwIfNoEntry: false });
  if (!found) return false;
  try {
    renameSync(source, target);
  } catch (e) {
    if (!crossesFilesystems(e)) throw e;
    await copyRegularFile(source, target);
  }
  // Checked after the move: the file is now out of the sandbox's reach, so it cannot be swapped.
  const moved = lstatSync(target);
  if (!moved.isFile()) {
    await rm(target, { force: true });
    throw new EngineError('the engine left something other than a file as its result');
  }
  return moved.size > 0;
}

async function copyRegularFile(source: string, target: string): Promise<void> {
  const handle = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW).catch((e: unknown) => {
    throw new EngineError('the engine left something other than a file as its result', { cause: e });
  });
  try {
    if (!(await handle.stat()).isFile()) throw new EngineError('the engine left something other than a file');
    await pipeline(createReadStream('', { fd: handle.fd, autoClose: false }), createWriteStream(target));
  } finally {
    await handle.close();
  }
}
