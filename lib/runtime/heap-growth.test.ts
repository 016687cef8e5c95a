import { EventEmitter } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COLLECT_AFTER_IDLE_MS,
  growHeapWhileLargeBody,
  heapGrowthState,
  holdHeapGrowth,
  idleCollectionCount,
  LARGE_BODY_BYTES,
  RELEASE_AFTER_MS,
  TRIM_AFTER_IDLE_MS,
  withHeapGrowth,
} from './heap-growth';
import { waitFor } from '@/tests/support/wait-for';

/** What growHeapWhileLargeBody reads of a request (its headers) and of its answer (its one 'close'). */
function request(length?: number) {
  const req = { headers: length === undefined ? {} : { 'content-length': String(length) } } as IncomingMessage;
  const res = new EventEmitter() as ServerResponse;
  growHeapWhileLargeBody(req, res);
  return { close: () => res.emit('close') };
}

afterEach(() => vi.useRealTimers());

const MiB = 1024 * 1024;
const youngGenerationBytes = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

/** Work whose objects outlive young collections, as a burst of requests' do: V8 grows the young generation for it. */
function growYoungGeneration() {
  let live: object[] = [];
  for (let i = 0; i < 2_000_000; i++) {
    live.push({ i, text: `row ${i}` });
    if (live.length > 200_000) live = [];
  }
}

describe('heap growth', () => {
  it('stays on while any hold is open and through a short gap, and goes back after a quiet spell', async () => {
    vi.useFakeTimers();
    const [a, b] = [holdHeapGrowth(), holdHeapGrowth()];
    expect(heapGrowthState()).toEqual({ holders: 2, growing: true });
    a();
    a(); // counted once per hold
    expect(heapGrowthState()).toEqual({ holders: 1, growing: true });
    b();
    vi.advanceTimersByTime(RELEASE_AFTER_MS / 2);
    // The next job comes within the gap: still on, and the quiet spell starts over after it.
    await withHeapGrowth(async () => expect(heapGrowthState()).toEqual({ holders: 1, growing: true }));
    vi.advanceTimersByTime(RELEASE_AFTER_MS - 1);
    expect(heapGrowthState()).toEqual({ holders: 0, growing: true });
    vi.advanceTimersByTime(1);
    expect(heapGrowthState()).toEqual({ holders: 0, growing: false });
  });

  it('frees the garbage of the work and gives back its young generation once quiet, once per quiet spell', async () => {
    const garbage = new WeakRef({ rows: Array.from({ length: 1000 }, (_, i) => ({ i })) });
    growYoungGeneration();
    const grown = youngGenerationBytes();
    expect(grown).toBeGreaterThan(8 * MiB);
    // A WeakRef's target is kept through the job that made it: let that job end first.
    await new Promise((resolve) => setImmediate(resolve));
    vi.useFakeTimers();
    const before = idleCollectionCount();
    holdHeapGrowth()();
    vi.advanceTimersByTime(COLLECT_AFTER_IDLE_MS - 1);
    await withHeapGrowth(async () => {}); // work again: the quiet spell starts over
    vi.advanceTimersByTime(COLLECT_AFTER_IDLE_MS - 1);
    expect(idleCollectionCount()).toBe(before);
    vi.advanceTimersByTime(1);
    expect(idleCollectionCount()).toBe(before + 1);
    expect(garbage.deref()).toBeUndefined();
    // A plain full collection leaves the young generation at the size the work grew it to.
    expect(youngGenerationBytes()).toBeLessThan(grown / 4);
    vi.advanceTimersByTime(COLLECT_AFTER_IDLE_MS * 3);
    expect(idleCollectionCount()).toBe(before + 1);
  });

  it('then gives back the malloc heap the work freed, which the collection alone does not', async () => {
    // 64 KiB blocks as an upload's body arrives in, every 16th still in use when the work ends: glibc
    // keeps the freed ones, lying between live blocks, as its own.
    let blocks: Buffer[] | undefined = Array.from({ length: 1600 }, () => Buffer.allocUnsafeSlow(64 * 1024).fill(1));
    const inUse = blocks.filter((_, i) => i % 16 === 0);
    blocks = undefined;
    vi.useFakeTimers();
    holdHeapGrowth()();
    vi.advanceTimersByTime(COLLECT_AFTER_IDLE_MS);
    const collected = process.memoryUsage.rss();
    vi.advanceTimersByTime(TRIM_AFTER_IDLE_MS - COLLECT_AFTER_IDLE_MS - 1);
    expect(collected - process.memoryUsage.rss()).toBeLessThan(10 * MiB);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    // The freed blocks' pages: about 94 MiB.
    await waitFor(
      () => collected - process.memoryUsage.rss(),
      (givenBack) => givenBack > 50 * MiB,
      { timeoutMs: 5000 },
    );
    expect(inUse).toHaveLength(100);
  });

  it('is held by large request bodies until their answer closes, never by small, bodiless or unsized ones', () => {
    for (const length of [LARGE_BODY_BYTES - 1, undefined, Number.NaN]) {
      request(length).close();
      expect(heapGrowthState().holders).toBe(0);
    }
    const large = request(LARGE_BODY_BYTES);
    expect(heapGrowthState().holders).toBe(1);
    large.close();
    expect(heapGrowthState().holders).toBe(0);
    // A photo posted to convert is such a body: a stream of them is the web process's work.
    const photo = request(3_000_000);
    expect(heapGrowthState().holders).toBe(1);
    photo.close();
    expect(heapGrowthState().holders).toBe(0);
  });

  it('lets go of a large body answered before it was read (a 413, a 401), as a real server sees it', async () => {
    const server = http.createServer((req, res) => {
      growHeapWhileLargeBody(req, res);
      res.writeHead(413).end(); // the body is never read
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'PUT', body: new Uint8Array(LARGE_BODY_BYTES) });
      expect(res.status).toBe(413);
      await res.arrayBuffer();
      await waitFor(
        () => heapGrowthState().holders,
        (n) => n === 0,
        { timeoutMs: 5_000, intervalMs: 20 },
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
