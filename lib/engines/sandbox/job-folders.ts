import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  type Stats,
  unlinkSync,
} from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config } from '@/lib/config';
import { log } from '@/lib/log/logger';

// Every process that runs jobs keeps its job folders and its warm engines' folders under one folder
// of its own in the jobs folder, named for its owner: host, pid and the pid's start time (so a pid
// reused after a crash is not taken for the dead owner). A crashed process (kill -9, OOM) never
// removes its folders; any process on the same host sweeps the folders whose owner is no longer
// running, at its start and periodically. A folder of a live process is never touched, and folders
// of other hosts sharing DATA_DIR are left to their own host (its pids mean nothing here).

/** How often a running process sweeps its host's dead owners' folders. */
const JOB_FOLDER_SWEEP_MS = 10 * 60 * 1000;

const OWNER_FOLDER = /^(?<host>.+)\.(?<pid>\d+)\.(?<started>\d+)$/;

/**
 * A pid's start time in clock ticks since boot (/proc/<pid>/stat, field 22), or null if it is not
 * running. A zombie (state Z or X: killed, not yet reaped by its parent, which for a worker killed
 * with its process group may take a while) is not running.
 */
function startTicks(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

let own: string | undefined;
let sweeper: NodeJS.Timeout | undefined;

/**
 * This process's folder under the jobs folder, where its job and engine folders go. The first call
 * also starts the sweep of dead owners' folders (now and every JOB_FOLDER_SWEEP_MS).
 */
export function processJobsDir(): string {
  if (!own) {
    own = path.join(config.jobsDir, `${os.hostname()}.${process.pid}.${startTicks('self') ?? '0'}`);
    void sweepDeadJobFolders();
    sweeper = setInterval(() => void sweepDeadJobFolders(), JOB_FOLDER_SWEEP_MS);
    sweeper.unref();
  }
  return own;
}

/** Removes the folders of this host's processes that are no longer running; resolves with how many. */
async function sweepDeadJobFolders(): Promise<number> {
  const names = await readdir(config.jobsDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const owner = OWNER_FOLDER.exec(name)?.groups;
    if (!owner || owner.host !== os.hostname()) continue;
    const pid = Number(owner.pid);
    if (pid === process.pid || startTicks(pid) === owner.started) continue; // alive
    try {
      await rm(path.join(config.jobsDir, name), { recursive: true, force: true });
      removed++;
    } catch (e) {
      log.error({ err: e, folder: name }, '[jobs] could not remove the folder of a finished process');
    }
  }
  return removed;
}

/** Job folders their runs left empty, for the next runs; more than this many are removed. */
const KEPT_JOB_FOLDERS_MAX = 8;
const keptJobFolders: string[] = [];
/** Only this process's user may enter a job folder (an engine in its sandbox could change that: such a folder is not kept). */
const JOB_FOLDER_MODE = 0o700;

/**
 * A job folder named `name` for a run, under this process's folder: one an earlier run left empty,
 * renamed, or a new one. Kept rather than made for each run: on this machine's ext4 (no journal) a
 * new folder's inode costs a scan past every inode freed in the last 30 s, about 0.2 ms under load,
 * where a rename allocates none (bench/RESULTS.md, "Folders kept for the next run").
 */
export function takeJobFolder(name: string): string {
  const folder = path.join(processJobsDir(), name);
  for (let kept = keptJobFolders.pop(); kept; kept = keptJobFolders.pop()) {
    try {
      renameSync(kept, folder);
      return folder;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; // else removed meanwhile
    }
  }
  mkdirSync(folder, { recursive: true, mode: JOB_FOLDER_MODE });
  return folder;
}

/**
 * Gives a run's folder back. One that holds only names of files kept elsewhere, still private, is
 * emptied here and kept for a later run (a few at most); anything else goes as removeRunFolder
 * removes it.
 */
export async function releaseJobFolder(folder: string): Promise<void> {
  const emptied = emptyHere(folder);
  if (emptied === null) return;
  if (emptied === false) return rm(folder, { recursive: true, force: true });
  if ((emptied.mode & 0o7777) !== JOB_FOLDER_MODE || keptJobFolders.length >= KEPT_JOB_FOLDERS_MAX)
    return rmdirSync(folder);
  keptJobFolders.push(folder);
}

/** More entries than a job or an engine run places in its folder: past it, what is left is an engine's doing. */
const PLACED_LINKS_MAX = 4;

/**
 * Removes a job folder or an exchange slot. After a run whose result was taken out it holds only
 * names of files kept elsewhere (the stored input, a job folder's file placed in a slot), whose
 * removal frees nothing: that is done here and now, on this thread (docs/architecture.md, "Files
 * on the hot path"). Anything else (an engine's leftovers, of any size or number) is removed by the
 * thread pool.
 */
export async function removeRunFolder(folder: string): Promise<void> {
  const emptied = emptyHere(folder);
  if (emptied === null) return; // never made (a run refused before it), or gone already
  if (emptied === false) return rm(folder, { recursive: true, force: true });
  rmdirSync(folder);
}

/**
 * Empties a folder kept for the next run (a warm worker's exchange slot), as removeRunFolder would
 * remove it: the names of files kept elsewhere here and now, anything else with the folder itself,
 * by the thread pool (its next user makes it again).
 */
export async function emptyRunFolder(folder: string): Promise<void> {
  if (emptyHere(folder) === false) return rm(folder, { recursive: true, force: true });
}

/**
 * Removes the folder's names of files kept elsewhere, here: its stats once it is empty; false,
 * leaving it as it is, when it holds anything else (see placedLinks); null when there is none.
 */
function emptyHere(folder: string): Stats | false | null {
  const placed = placedLinks(folder);
  if (!placed) return placed === null ? null : false;
  for (const file of placed.files) unlinkSync(file);
  return placed.folder;
}

/**
 * A folder larger than this (its entries' records: a few thousand names) is not read on this thread:
 * what an engine left there goes by the thread pool, unread. It bounds the read below without
 * `opendirSync`, whose `Dir` cost about 0.1 ms to make (two functions promisified on each one).
 */
const READ_HERE_MAX_FOLDER_BYTES = 64 * 1024;

/**
 * The folder's files, with its own stats, if they are only links to files kept elsewhere, a few at
 * most; else undefined (null: there is no folder).
 */
function placedLinks(folder: string): { files: string[]; folder: Stats } | undefined | null {
  const stats = lstatSync(folder, { throwIfNoEntry: false });
  if (!stats) return null;
  if (!stats.isDirectory() || stats.size > READ_HERE_MAX_FOLDER_BYTES) return undefined;
  const names = readdirSync(folder);
  if (names.length > PLACED_LINKS_MAX) return undefined;
  const files = names.map((name) => path.join(folder, name));
  for (const file of files) {
    const entry = lstatSync(file);
    if (!entry.isFile() || entry.nlink < 2) return undefined;
  }
  return { files, folder: stats };
}
