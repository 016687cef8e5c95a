import { AppError } from '@/lib/errors';

// One subject's requests running at once in this process are capped below the database pool's
// size (lib/db.ts, 10), so a burst from one caller (a guest may send any number) can never take
// every connection from everyone else. Excess requests wait in line, holding nothing but memory,
// for a bounded time; a line that grows past its bound is refused at once. Per process, like the
// pool it protects.

export const CONCURRENT_REQUESTS_PER_SUBJECT = 6;
const MAX_WAIT_MS = 15_000;
const MAX_WAITING_PER_SUBJECT = 100;

type Line = { running: number; waiting: Array<() => void> };

export class ConcurrencyGate {
  private readonly lines = new Map<string, Line>();

  constructor(
    private readonly limit = CONCURRENT_REQUESTS_PER_SUBJECT,
    private readonly maxWaitMs = MAX_WAIT_MS,
    private readonly maxWaiting = MAX_WAITING_PER_SUBJECT,
  ) {}

  /** Waits for a place for `subject`; returns the function that gives it back (call it once). */
  async enter(subject: string): Promise<() => void> {
    const line = this.lines.get(subject) ?? { running: 0, waiting: [] };
    this.lines.set(subject, line);
    if (line.running < this.limit) {
      line.running++;
      return this.leaver(subject, line);
    }
    if (line.waiting.length >= this.maxWaiting) throw tooMany(this.limit);
    await new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.waiting.splice(line.waiting.indexOf(admit), 1);
        reject(tooMany(this.limit));
      }, this.maxWaitMs);
      line.waiting.push(admit);
    });
    // A place was handed over by the request that left (running was not lowered for it).
    return this.leaver(subject, line);
  }

  private leaver(subject: string, line: Line): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = line.waiting.shift();
      if (next) return next();
      line.running--;
      if (line.running === 0) this.lines.delete(subject);
    };
  }
}

function tooMany(limit: number): AppError {
  return new AppError('rate_limited', `Too many requests at once (at most ${limit} run together); retry shortly`, {
    headers: { 'Retry-After': '1' },
  });
}

const globalGate = globalThis as unknown as { requestGate?: ConcurrencyGate };

/** The process's one gate (globalThis, so Next's separately bundled routes share it). */
export const requestGate = () => (globalGate.requestGate ??= new ConcurrencyGate());
