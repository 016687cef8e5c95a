// Where a process's CPU went, from the V8 CPU profile that `node --cpu-prof` writes at exit: the
// samples in a time window summed by what ran (Next, multipart, the database client, the queue,
// Transmute's own code, Node's JS, native calls, garbage collection). Sample times are V8's
// monotonic clock in microseconds, the same clock as process.hrtime() in any process here, so a
// benchmark marks its window with `monotonicUs()`.
//
// V8 samples the main thread on a wall-clock timer: when the thread waits for a core (both cores
// busy), the sample lands on whatever it was running, and native calls that hand work to the
// kernel look dearer than they are. So the shares are what to read, scaled to the CPU time the
// process really used (from /proc) by the caller.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** Now on V8's profile clock (CLOCK_MONOTONIC), in microseconds. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

const NATIVE = 'native: ';
/** A native function under this share of the busy samples is counted among the other native calls. */
const NAMED_NATIVE_SHARE = 0.01;

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;

/** What a sampled frame belongs to. `undefined`: the thread was idle. */
function categoryOf({ functionName, url }: ProfileNode['callFrame']): string | undefined {
  if (functionName === '(idle)' || functionName === '(root)') return undefined;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 itself (compiling, runtime)';
  const pkg = PACKAGE.exec(url)?.[1];
  if (pkg === 'next' || url.includes('[turbopack]_runtime')) return 'Next (router, request and response)';
  if (pkg === 'busboy' || pkg === 'streamsearch') return 'multipart parsing (busboy)';
  if (pkg && /^(pg|pg-pool|pg-protocol|pg-types|postgres-.*)$/.test(pkg)) return 'PostgreSQL client (pg)';
  if (pkg?.startsWith('@prisma/')) return 'Prisma';
  if (pkg && /^(pg-boss|luxon|cron-parser)$/.test(pkg)) return 'queue (pg-boss)';
  if (pkg) return `other packages (${pkg})`;
  if (url.includes('/.next/server/') || url.includes('/dist/')) return 'Transmute code (and what it bundles)';
  if (url.startsWith('node:')) return "Node's JS (streams, http, fs, timers)";
  if (url === '') return `${NATIVE}${functionName || '(anonymous)'}`;
  return `other (${path.basename(url)})`;
}

/** The one profile `node --cpu-prof --cpu-prof-dir=dir` wrote there. */
export function profileIn(dir: string): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length !== 1) throw new Error(`expected one .cpuprofile in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]);
}

/**
 * The profile's busy samples between `fromUs` and `toUs` (monotonicUs), as each category's share
 * of them (0–1), largest first; the native calls' largest functions are named apart.
 */
export function sharesByCategory(file: string, fromUs: number, toUs: number): Array<[string, number]> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const busy = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at < fromUs || at > toUs) return;
    const frame = frames.get(id)!;
    const category = categoryOf(frame);
    if (!category) return;
    const weight = profile.timeDeltas[i];
    total += weight;
    busy.set(category, (busy.get(category) ?? 0) + weight);
  });
  if (total === 0) throw new Error('no busy samples in the window');
  const shares = new Map<string, number>();
  for (const [category, weight] of busy) {
    const small = category.startsWith(NATIVE) && weight / total < NAMED_NATIVE_SHARE;
    const key = small ? `${NATIVE}other calls` : category;
    shares.set(key, (shares.get(key) ?? 0) + weight / total);
  }
  return [...shares].sort((a, b) => b[1] - a[1]);
}
