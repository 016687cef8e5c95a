import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@/tests/support/wait-for';
import { holdHeapGrowth } from './heap-growth';
import { startYoungGcPacer, type YoungGcPacer } from './young-gc-pacer';
import { v8Gc } from './v8-gc';

const MiB = 1024 * 1024;
const arrayBuffers = () => process.memoryUsage().arrayBuffers;

/** Like an upload: 64 KiB chunks received, written and dropped, 4 MiB a round, the event loop turning between rounds. */
async function dropBuffers(round: number) {
  for (let i = 0; i < 64; i++) Buffer.alloc(64 * 1024, i).fill(round);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('startYoungGcPacer', () => {
  let pacer: YoungGcPacer | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    pacer?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  it('runs no timer and collects nothing while nothing holds it, however buffers pile up', async () => {
    pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    for (let round = 0; round < 6; round++) {
      await dropBuffers(round); // 24 MiB in all: three steps
      await new Promise((r) => setTimeout(r, 6)); // more than the interval: a running timer would look
    }
    expect(pacer.pacing()).toBe(false);
    expect(pacer.collections()).toBe(0);
    v8Gc()({ type: 'major' }); // the next tests start without this one's garbage
  });

  it('while held, collects nothing as long as ArrayBuffer memory stays level', async () => {
    pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    const release = pacer.hold();
    await new Promise((r) => setTimeout(r, 300)); // a fixed wait, to show that nothing happens: some 60 looks
    expect(pacer.pacing()).toBe(true);
    expect(pacer.collections()).toBe(0);
    release();
  });

  it('while held, collects the young generation as dropped buffers pile up, which frees their memory', async () => {
    pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    const release = pacer.hold();
    const start = arrayBuffers();
    // Their small wrappers alone would never make V8 collect them.
    for (let round = 0; pacer.collections() < 2; round++) {
      expect(round).toBeLessThan(100); // 400 MiB without two collections: the pacer does not work
      await dropBuffers(round);
    }
    // The collected buffers are released by V8's sweeper just after: then what is left held is well
    // under one step.
    await waitFor(
      () => arrayBuffers() - start,
      (held) => held < 8 * MiB,
      { timeoutMs: 15_000, intervalMs: 10 },
    );
    release();
    expect(pacer.pacing()).toBe(false);
  }, 30_000); // a loaded machine (the whole suite at once) took more than 5 s here

  it('counts the growth across holds too short for its timer: each hold looks as it ends', async () => {
    pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 60_000 }); // the timer never fires here
    for (let round = 0; pacer.collections() < 2; round++) {
      expect(round).toBeLessThan(100);
      const release = pacer.hold(); // one short upload: 4 MiB received and dropped
      await dropBuffers(round);
      release();
    }
  }, 30_000);

  it('stops only when every hold is released, each counted once', () => {
    pacer = startYoungGcPacer();
    const first = pacer.hold();
    const second = pacer.hold();
    first();
    first();
    expect(pacer.pacing()).toBe(true);
    second();
    expect(pacer.pacing()).toBe(false);
  });

  it('paces while a request body arrives, until its end or an answer that refuses it unread; never without a body', async () => {
    const p = (pacer = startYoungGcPacer());
    const seen: Array<{ path?: string; pacingAtStart: boolean; pacingAtEnd?: boolean }> = [];
    server = createServer((req, res) => {
      p.paceWhileBody(req, res);
      const entry: (typeof seen)[number] = { path: req.url, pacingAtStart: p.pacing() };
      seen.push(entry);
      // A refusal before the body is read, as a 401 or 413 is.
      if (req.url === '/refuse') return void res.writeHead(413, { connection: 'close' }).end();
      req.resume();
      req.on('end', () => {
        entry.pacingAtEnd = p.pacing();
        setTimeout(() => res.end('ok'), 20); // answered after the body, as a conversion is
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const answered = (method: string, path: string, body?: Buffer[]) =>
      new Promise<void>((resolve) => {
        const req = request({ port, host: '127.0.0.1', method, path }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', () => resolve()); // the refusal may close the socket under the rest of the body
        if (!body) return void req.end();
        // The body's second half is sent only once the server paces for the first.
        req.write(body[0]);
        void waitFor(() => p.pacing(), Boolean, { timeoutMs: 5_000, intervalMs: 5 }).then(() => req.end(body[1]));
      });
    const halves = () => [Buffer.alloc(256 * 1024, 1), Buffer.alloc(256 * 1024, 2)];

    await answered('POST', '/upload', halves());
    expect(p.pacing()).toBe(false);
    await answered('POST', '/refuse', halves());
    await waitFor(
      () => p.pacing(),
      (pacing) => !pacing,
      { timeoutMs: 5_000, intervalMs: 5 },
    );
    await answered('GET', '/status');
    expect(seen).toEqual([
      { path: '/upload', pacingAtStart: true, pacingAtEnd: false },
      { path: '/refuse', pacingAtStart: true },
      { path: '/status', pacingAtStart: false, pacingAtEnd: false },
    ]);
  });

  it('leaves buffers promoted and then dropped to the heap limit under load, not to a full collection per 64 MiB of them', async () => {
    const gc = v8Gc();
    // Full collections, as V8 reports them once done.
    let full = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { detail: { kind: number } }>)
        if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    });
    observer.observe({ entryTypes: ['gc'] });
    /**
     * Full collections within `ms` (or, with `untilOne`, up to the first) after 80 MiB of buffers
     * outlived two young collections (promoted, as some of an upload's are) and were dropped.
     */
    const fullCollectionsAfterPromotedGarbage = async (ms: number, untilOne = false) => {
      const releaseGrowth = holdHeapGrowth(); // under load, as while a large body arrives
      gc({ type: 'major' }); // the limits start from here
      await new Promise((r) => setTimeout(r, 50));
      const before = full;
      let held: ArrayBuffer[] | undefined = Array.from({ length: 80 }, () => new ArrayBuffer(MiB));
      gc({ type: 'minor' });
      gc({ type: 'minor' });
      expect(held.length).toBe(80);
      held = undefined;
      // V8 weighs its external memory as buffers are made: a few more, with time for its tasks.
      for (const end = Date.now() + ms; Date.now() < end && !(untilOne && full > before);) {
        void new ArrayBuffer(64 * 1024);
        await new Promise((r) => setTimeout(r, 20));
      }
      const collections = full - before;
      releaseGrowth();
      gc({ type: 'major' });
      return collections;
    };
    // A live heap of the web process's order (~75 MB), whose global limit the growth then raises.
    let ballast: number[] | undefined = new Array<number>(10_000_000).fill(0);
    try {
      // V8's own accounting, as before the pacer: the promoted garbage alone starts a full collection.
      setFlagsFromString('--no-external-memory-accounted-in-global-limit');
      expect(await fullCollectionsAfterPromotedGarbage(10_000, true)).toBeGreaterThan(0);
      pacer = startYoungGcPacer();
      expect(await fullCollectionsAfterPromotedGarbage(1_000)).toBe(0);
      expect(ballast.length).toBe(10_000_000);
    } finally {
      ballast = undefined;
      observer.disconnect();
    }
  }, 30_000);
});
