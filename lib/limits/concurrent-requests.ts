import { AppError } from '@/lib/errors';

// One subject's requests running at once in this process are capped below the database pool's
// size (lib/db.ts, 10), so a burst from one caller (a guest may send any number) can never take
// every connection from everyone else. Excess requests wait in line, holding nothing but memory,
// for a bounded time; a line that grows past its bound is refused at once. Per process, like the
// pool it protects. A place is for work the service does: a request waiting on its client (a body
// sent slowly) steps out meanwhile (`GatePlace`), so slow senders cannot fill the line of their
// address and lock out everyone behind it.

export const CONCURRENT_REQUESTS_PER_SUBJECT = 6;
const MAX_WAIT_MS = 15_000;
const MAX_WAITING_PER_SUBJECT = 100;

type Line = { running: number; waiting: Array<() => void> };

/** One request's place in its subject's line. */
export type GatePlace = {
  /** Gives the place back (once; later calls, and calls while stepped out, give back nothing more). */
  leave(): void;
  /** Frees the place while the request waits on its client (its body arriving), not on us. */
  stepOut(): void;
  /**
   * Takes the place again once the client is done, at once and ahead of those waiting: the request's
   * work is under way, and a wait here would hold what it has received. The subject may then run
   * more than `limit` together for as long as that work lasts.
   */
  stepBackIn(): void;
};

export class ConcurrencyGate {
  private readonly lines = new Map<string, Line>();

  constructor(
    private readonly limit = CONCURRENT_REQUESTS_PER_SUBJECT,
    private readonly maxWaitMs = MAX_WAIT_MS,
    private readonly maxWaiting = MAX_WAITING_PER_SUBJECT,
  ) {}

  /** Waits for a place for `subject`. */
  async enter(subject: string): Promise<GatePlace> {
    const line = this.line(subject);
    if (line.running < this.limit) {
      line.running++;
      return this.place(subject);
    }
    if (line.waiting.length >= this.maxWaiting) throw tooMany(this.limit);
    await new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.waiting.splice(line.waiting.indexOf(admit), 1);
        if (line.running === 0 && line.waiting.length === 0) this.lines.delete(subject);
        reject(tooMany(this.limit));
      }, this.maxWaitMs);
      line.waiting.push(admit);
    });
    // Admitted by `release`, which counted this request in `running` for it.
    return this.place(subject);
  }

  private line(subject: string): Line {
    let line = this.lines.get(subject);
    if (!line) this.lines.set(subject, (line = { running: 0, waiting: [] }));
    return line;
  }

  private release(subject: string): void {
    const line = this.line(subject);
    line.running--;
    while (line.running < this.limit && line.waiting.length > 0) {
      line.running++;
      line.waiting.shift()!();
    }
    if (line.running === 0 && line.waiting.length === 0) this.lines.delete(subject);
  }

  private place(subject: string): GatePlace {
    let state: 'in' | 'out' | 'left' = 'in';
    return {
      leave: () => {
        if (state === 'in') this.release(subject);
        state = 'left';
      },
      stepOut: () => {
        if (state !== 'in') return;
        state = 'out';
        this.release(subject);
      },
      stepBackIn: () => {
        if (state !== 'out') return;
        state = 'in';
        this.line(subject).running++;
      },
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
