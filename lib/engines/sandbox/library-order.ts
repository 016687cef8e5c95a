import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '@/lib/crypto';
import { log } from '@/lib/log/logger';
import { exportedNameHashes } from './elf-exports';
import { processJobsDir } from './job-folders';
import { hasProgram } from './programs';
import { runSandboxed } from './sandbox';
import { sandboxStatus } from './sandbox-status';

// Which libraries an engine's loader searches first. Debian's ffmpeg links 214 shared libraries and
// binds its names at start (BIND_NOW): some 43,000 lookups, each walking the search list, the
// libraries in breadth-first order of their dependencies, until a library defines the name. Most
// end deep in that list (libc, libstdc++, libcrypto, glib, …), and ffmpeg spent about 60 % of a
// 60 ms start there, on every run. Named in LD_PRELOAD, the libraries that define the most names
// come first and those walks are short (bench/RESULTS.md, "Engine start-up").
//
// Moving libraries changes what a name binds to only where two libraries both define it and their
// order flips. So an order is used only if the loader's own list with it (LD_TRACE_LOADED_OBJECTS)
// holds the same libraries, and every two that define a common name (their .dynsym,
// ./elf-exports.ts) stay in the same order: every lookup, at start, later (lazy binding) or through
// dlsym, finds what it found before (names every library defines for itself, such as `_end`, left
// aside: ./elf-exports.ts). Otherwise the engine runs with the loader's own order.

/** Libraries moved ahead: past these, the lookups left to shorten are few. */
const SEARCH_FIRST_LIMIT = 40;
/** Loader lists tried before giving up on an order that keeps every shared name's binding. */
const REPAIR_ATTEMPTS = 4;
/** Libraries a candidate may bring ahead with it (those it shares a name with); past this it is left where it is. */
const BROUGHT_ALONG_LIMIT = 6;

export type LibraryNames = { file: string; names: Uint32Array };

/** Index pairs [earlier, later] of the libraries (in search order) that define a common name. */
export function sharedNamePairs(libraries: readonly LibraryNames[]): Array<[number, number]> {
  const definers = new Map<number, number[]>();
  const pairs = new Map<number, [number, number]>(); // keyed by earlier × count + later: each pair once
  libraries.forEach(({ names }, later) => {
    for (const name of names) {
      const earlier = definers.get(name);
      if (!earlier) definers.set(name, [later]);
      else if (earlier.at(-1) !== later) {
        // (a library may define a name twice, in two versions)
        for (const e of earlier) pairs.set(e * libraries.length + later, [e, later]);
        earlier.push(later);
      }
    }
  });
  return [...pairs.values()];
}

/**
 * The libraries to search first, in that order: the ones that define the most names, each with the
 * earlier libraries it shares a name with (which stay ahead of it), at most SEARCH_FIRST_LIMIT.
 */
export function chooseSearchFirst(
  libraries: readonly LibraryNames[],
  pairs: ReadonlyArray<[number, number]>,
): string[] {
  const earlierSharing = libraries.map(() => [] as number[]);
  for (const [earlier, later] of pairs) earlierSharing[later].push(earlier);
  const chosen = new Set<number>();
  const bySize = libraries.map((_, i) => i).sort((a, b) => libraries[b].names.length - libraries[a].names.length);
  for (const candidate of bySize) {
    if (chosen.size >= SEARCH_FIRST_LIMIT) break;
    if (chosen.has(candidate)) continue;
    const along = new Set<number>([candidate]);
    for (const i of along) for (const e of earlierSharing[i]) if (!chosen.has(e)) along.add(e);
    if (along.size - 1 > BROUGHT_ALONG_LIMIT) continue;
    for (const i of along) chosen.add(i);
  }
  // Largest first, except that a library never goes ahead of an earlier one it shares a name with;
  // such an earlier one goes as early as the largest library waiting for it.
  const rank = libraries.map((l) => l.names.length);
  for (let changed = true; changed;) {
    changed = false;
    for (const [earlier, later] of pairs) {
      if (chosen.has(earlier) && chosen.has(later) && rank[later] > rank[earlier]) {
        rank[earlier] = rank[later];
        changed = true;
      }
    }
  }
  const order: number[] = [];
  const left = new Set(chosen);
  while (left.size) {
    const ready = [...left].filter((i) => !earlierSharing[i].some((e) => left.has(e)));
    const next = ready.reduce((a, b) => (rank[b] > rank[a] || (rank[b] === rank[a] && b < a) ? b : a));
    order.push(next);
    left.delete(next);
  }
  return order.map((i) => libraries[i].file);
}

/**
 * The pairs (indexes in `original`) that share a name and come in the other order in `reordered`
 * (the loader's list with libraries searched first), or null when the two lists differ otherwise.
 */
export function flippedPairs(
  original: readonly string[],
  reordered: readonly string[],
  pairs: ReadonlyArray<[number, number]>,
): Array<[number, number]> | null {
  if (original.length !== reordered.length) return null;
  const at = new Map(reordered.map((file, i) => [file, i]));
  if (original.some((file) => !at.has(file))) return null;
  return pairs.filter(([earlier, later]) => at.get(original[earlier])! > at.get(original[later])!);
}

/**
 * `searchFirst` with the earlier library of each flipped pair put ahead of the later one. A
 * library searched first also moves what it depends on up the list (the loader lists dependencies
 * breadth-first), which can take a library past an earlier one it shares a name with.
 */
export function keepAhead(searchFirst: readonly string[], flipped: ReadonlyArray<[string, string]>): string[] {
  const order = [...searchFirst];
  for (const [earlier, later] of flipped) {
    if (order.includes(earlier)) continue;
    const at = order.indexOf(later);
    order.splice(at < 0 ? order.length : at, 0, earlier);
  }
  return order;
}

/** The loader's list of `command`'s libraries in search order (with `searchFirst` preloaded), run in the sandbox. */
async function loadedLibraries(command: string, workDir: string, searchFirst?: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  let missing: string | undefined;
  const r = await runSandboxed({
    command,
    args: [],
    workDir,
    env: { LD_TRACE_LOADED_OBJECTS: '1' },
    searchFirst,
    timeoutMs: 10_000,
    // "\tlibz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x…)", "\t/lib64/ld-linux-x86-64.so.2 (0x…)";
    // the kernel's vDSO has no file.
    onStdoutLine: (line) => {
      const file = /^\s*(?:\S+ => )?(\/\S+) \(0x/.exec(line)?.[1];
      if (file) files.push(file);
      else if (line.includes('not found')) missing ??= line.trim();
    },
  });
  if (r.code !== 0 || missing || !files.length)
    throw new Error(`${command}'s libraries could not be listed: ${missing ?? `exit ${r.code}`}`);
  return files;
}

/** The libraries to search first for `command`, proven to bind alike; none when that cannot be shown. */
async function proveSearchFirst(command: string): Promise<readonly string[]> {
  const workDir = path.join(processJobsDir(), `library-order-${randomToken(6)}`);
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  try {
    const original = await loadedLibraries(command, workDir);
    const libraries: LibraryNames[] = [];
    for (const file of original) {
      const names = await exportedNameHashes(file);
      if (!names) return []; // a library whose names cannot be read: nothing can be proven
      libraries.push({ file, names });
    }
    const pairs = sharedNamePairs(libraries);
    let searchFirst = chooseSearchFirst(libraries, pairs);
    for (let attempt = 0; attempt < REPAIR_ATTEMPTS && searchFirst.length; attempt++) {
      const flipped = flippedPairs(original, await loadedLibraries(command, workDir, searchFirst), pairs);
      if (!flipped) return [];
      if (!flipped.length) return searchFirst;
      searchFirst = keepAhead(
        searchFirst,
        flipped.map(([earlier, later]) => [original[earlier], original[later]]),
      );
    }
    return [];
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

// Once per process and command (on globalThis: Next's build holds this module once per layer).
type Orders = { pending: Map<string, Promise<readonly string[]>>; proven: Map<string, readonly string[]> };
const ORDERS = Symbol.for('transmute.libraryOrders');
const shared = globalThis as { [ORDERS]?: Orders };
const orders: Orders = (shared[ORDERS] ??= { pending: new Map(), proven: new Map() });

/**
 * Works out, in the background, which libraries `command`'s loader should search first. Only in the
 * sandbox (LD_PRELOAD is given to the program alone there; without it, to prlimit as well) and for
 * an installed program.
 */
export function prepareSearchFirst(command: string): Promise<readonly string[]> {
  let order = orders.pending.get(command);
  if (!order) {
    const provable = sandboxStatus().state === 'ready' && hasProgram(command);
    order = (provable ? proveSearchFirst(command) : Promise.resolve([]))
      .catch((e: unknown) => {
        log.warn({ err: e, command }, '[engines] the library order could not be worked out; the loader keeps its own');
        return [] as readonly string[];
      })
      .then((files) => {
        orders.proven.set(command, files);
        if (files.length) log.info({ command, libraries: files.length }, '[engines] libraries searched first');
        return files;
      });
    orders.pending.set(command, order);
  }
  return order;
}

/** SandboxSpec.searchFirst for `command`: what prepareSearchFirst proved, or nothing (yet). */
export function searchFirst(command: string): readonly string[] | undefined {
  const files = orders.proven.get(command);
  return files?.length ? files : undefined;
}
