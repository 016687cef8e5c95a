import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

type Waiter = { resolve: (res: RateLimiterRes) => void; reject: (reason: unknown) => void };

/**
 * Counts a key's concurrent requests with one store write: while the key's upsert is in flight,
 * later requests for it queue, and the queue goes as one upsert of k points. The store adds the k
 * atomically and answers the new total, so the first (limit − total before) of them are allowed and
 * the rest refused: the count stays exact across processes, at one write per key per round trip
 * instead of one per request.
 */
export class CoalescingLimiter {
  /** Requests waiting for the key's write in flight (an entry exists while one is in flight). */
  private readonly queued = new Map<string, Waiter[]>();

  constructor(
    private readonly store: RateLimiterPostgres,
    private readonly points: number,
  ) {}

  /** Resolves with the request's own RateLimiterRes when allowed, rejects with it when refused. */
  consume(key: string): Promise<RateLimiterRes> {
    return new Promise((resolve, reject) => {
      const queue = this.queued.get(key);
      if (queue) return void queue.push({ resolve, reject });
      this.queued.set(key, []);
      void this.write(key, [{ resolve, reject }]);
    });
  }

  private async write(key: string, batch: Waiter[]): Promise<void> {
    try {
      this.settle(batch, await this.store.consume(key, batch.length));
    } catch (e) {
      if (e instanceof RateLimiterRes) this.settle(batch, e);
      else for (const w of batch) w.reject(e);
    }
    const next = this.queued.get(key) ?? [];
    if (next.length === 0) this.queued.delete(key);
    else {
      this.queued.set(key, []);
      void this.write(key, next);
    }
  }

  private settle(batch: Waiter[], total: RateLimiterRes): void {
    // Fewer points than the batch: refused from memory (inMemoryBlockOnConsumed), nothing counted.
    if (total.consumedPoints < batch.length) {
      for (const w of batch) w.reject(total);
      return;
    }
    const before = total.consumedPoints - batch.length;
    batch.forEach((w, i) => {
      const consumed = before + i + 1;
      const own = new RateLimiterRes(Math.max(0, this.points - consumed), total.msBeforeNext, consumed, false);
      if (consumed <= this.points) w.resolve(own);
      else w.reject(own);
    });
  }
}
