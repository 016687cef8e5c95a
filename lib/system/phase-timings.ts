import { log } from '@/lib/log/logger';
// Where a request's time goes, for bench/ (bench/png-to-webp.ts sets PHASE_TIMINGS=1): each timer
// logs one line `[phases]` with `phases: {scope, id, at, ms: {phase: ms since the previous mark}}`
// when it ends. `at` is the wall-clock start (ms), so phases can be lined up across processes
// (web enqueues, worker picks up). Off by default: then a timer is a no-op.

const enabled = process.env.PHASE_TIMINGS === '1';

export type PhaseTimer = {
  /** Records the time since the previous mark (or the start) under `phase`. */
  mark(phase: string): void;
  /** Attaches the id the phases belong to (known only part-way, e.g. after the insert). */
  identify(id: string | bigint): void;
  end(): void;
};

const noop: PhaseTimer = { mark() {}, identify() {}, end() {} };

export function phaseTimer(scope: string, id?: string | bigint): PhaseTimer {
  if (!enabled) return noop;
  const at = performance.timeOrigin + performance.now();
  let last = performance.now();
  let key = id === undefined ? undefined : String(id);
  const ms: Record<string, number> = {};
  return {
    mark(phase) {
      const now = performance.now();
      ms[phase] = (ms[phase] ?? 0) + Math.round((now - last) * 100) / 100;
      last = now;
    },
    identify(value) {
      key = String(value);
    },
    end() {
      log.info({ phases: { scope, id: key, at, ms } }, '[phases]');
    },
  };
}

/** A wall-clock instant (ms) printed as a one-mark timer, for events between processes. */
export function phaseInstant(scope: string, id: string | bigint): void {
  if (!enabled) return;
  log.info({ phases: { scope, id: String(id), at: performance.timeOrigin + performance.now(), ms: {} } }, '[phases]');
}
