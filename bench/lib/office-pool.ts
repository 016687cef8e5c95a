// LibreOffice pool scaling for bench/docx-to-pdf.ts (BENCH_MODE=pool): the engine's own warm,
// sandboxed instances (lib/engines/libreoffice/instance.ts), driven as the engine drives them,
// without the web server or queue around them. A pool of 1 at concurrency 2 is the baseline
// (requests wait for the one instance); a pool of 2 at concurrency 2 is what the default gives
// on 2 cores. Rounds alternate (1, 2, 1, 2…) so that load from elsewhere on the machine hits both.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ms, now } from './client';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DOCS = Number(process.env.BENCH_POOL_DOCS ?? 30);
const CONCURRENCY = 2;

/** Resident memory of every soffice.bin of one instance (its profile lives in the instance folder). */
function officeRss(instanceDir: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(instanceDir)) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += m ? Number(m[1]) * 1024 : 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export async function officePoolRates(docx: Buffer, dir: string): Promise<void> {
  process.env.DATA_DIR ??= path.join(dir, 'data'); // before lib/config is read
  const { createWarmPool } = await import('@/lib/engines/warm/warm-pool');
  const { officeWorkerSpec } = await import('@/lib/engines/libreoffice/instance');
  const { placeIn, takeOut, withExchangeSlot } = await import('@/lib/engines/warm/exchange');
  const { mkdir } = await import('node:fs/promises');
  const { config } = await import('@/lib/config');
  await mkdir(config.jobsDir, { recursive: true });
  const input = path.join(dir, 'pool-input.docx');
  writeFileSync(input, docx);

  const pools = new Map(
    [1, 2].map((size) => [
      size,
      createWarmPool({ engine: `libreoffice-bench-${size}`, size, maxJobs: 100_000, spec: officeWorkerSpec }),
    ]),
  );
  const peakRss = new Map<number, number>();

  const convertOne = (size: number, i: number) =>
    pools.get(size)!.withWorker((office) =>
      withExchangeSlot(office.exchangeDir, async (slot) => {
        await placeIn(input, path.join(slot, 'in.docx'));
        const reply = await office.request(
          {
            in: path.join(slot, 'in.docx'),
            out: path.join(slot, 'out.pdf'),
            inFilter: 'MS Word 2007 XML',
            filter: 'writer_pdf_Export',
          },
          { timeoutMs: 120_000 },
        );
        if (!reply.ok) throw new Error(`LibreOffice failed: ${reply.error}`);
        const out = path.join(dir, `pool-${size}-${i}.pdf`);
        if (!(await takeOut(path.join(slot, 'out.pdf'), out))) throw new Error('no PDF');
        if (readFileSync(out).subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
      }),
    );

  /** DOCS documents, CONCURRENCY at a time; documents per second. */
  async function round(size: number): Promise<number> {
    let next = 0;
    const sampler = setInterval(() => {
      for (const s of pools.get(size)!.status()) {
        if (s.dir) peakRss.set(size, Math.max(peakRss.get(size) ?? 0, officeRss(s.dir)));
      }
    }, 200);
    const t = now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DOCS) await convertOne(size, next++);
      }),
    );
    clearInterval(sampler);
    return DOCS / ((now() - t) / 1000);
  }

  try {
    for (const [size, pool] of pools) {
      await pool.warmUp();
      for (let i = 0; i < 2 * size; i++) await convertOne(size, -1 - i); // first documents load more code
    }
    console.log(
      `cores ${os.availableParallelism()}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (before)`,
    );
    console.log(`${ROUNDS} rounds × ${DOCS} documents at concurrency ${CONCURRENCY}, pools of 1 and 2 alternating`);
    const rates: Record<number, number[]> = { 1: [], 2: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const size of [1, 2]) {
        const rate = await round(size);
        rates[size].push(rate);
        console.log(`  round ${r + 1}, pool ${size}: ${rate.toFixed(2)} docs/s (${ms(1000 / rate)} a document)`);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = rates[2].map((r, i) => r / rates[1][i]);
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (after)`,
    );
    console.log('\n| pool | docs/s per round | median docs/s | per minute | vs pool of 1 | peak RSS per instance |');
    console.log('|---|---|---|---|---|---|');
    for (const size of [1, 2]) {
      const m = median(rates[size]);
      const vs =
        size === 1
          ? '1.0× (baseline)'
          : `${(m / median(rates[1])).toFixed(2)}× (median; per round ${ratios.map((x) => x.toFixed(2)).join(', ')})`;
      const rss = `${((peakRss.get(size) ?? 0) / 2 ** 20).toFixed(0)} MiB`;
      console.log(
        `| ${size} | ${rates[size].map((x) => x.toFixed(2)).join(', ')} | ${m.toFixed(2)} | ${Math.round(m * 60)} | ${vs} | ${rss} |`,
      );
    }
  } finally {
    await Promise.all([...pools.values()].map((p) => p.shutdown()));
  }
}
