import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { db } from '@/lib/db';

// This process's Prometheus metrics (served by lib/processes/metrics-server.ts). The registry
// lives on globalThis: Next bundles route handlers and instrumentation.ts apart, and they must
// count into the one registry the listener serves.

const PREFIX = 'transmute_';
const EVENT_LOOP_SAMPLE_MS = 100;

function createMetrics() {
  const registry = new Registry();
  // The event-loop delay is sampled every 100 ms, not prom-client's 10: a timer every 10 ms cost an
  // idle process about 7 ms of CPU a second here (bench/RESULTS.md, "Idle CPU"). A stall still
  // shows in the next sample.
  collectDefaultMetrics({ register: registry, prefix: PREFIX, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const registers = [registry];
  const warmPools = new Map<string, () => Array<{ busy: boolean; running: boolean }>>();
  const queueOldestAge = new Gauge({
    name: `${PREFIX}queue_oldest_age_seconds`,
    help: 'Age of the oldest conversion waiting for an engine (0 when none waits), service-wide',
    registers,
  });
  return {
    registry,
    warmPools,
    queueOldestAge,
    httpRequests: new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'API requests answered, by operationId and status',
      labelNames: ['operation', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an API request (to the response head), by operationId and status',
      labelNames: ['operation', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    conversions: new Counter({
      name: `${PREFIX}conversions_total`,
      help: 'Conversions finished by this process, by engine and outcome (completed or failed)',
      labelNames: ['engine', 'outcome'] as const,
      registers,
    }),
    engineRunDuration: new Histogram({
      name: `${PREFIX}engine_run_duration_seconds`,
      help: 'Time an engine spent on one run (inspect and convert), by engine',
      labelNames: ['engine'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    queueDepth: new Gauge({
      name: `${PREFIX}queue_depth`,
      help: 'Conversions waiting for an engine (status pending), service-wide',
      registers,
      async collect() {
        const pending = await queuedConversions();
        this.set(pending.count);
        queueOldestAge.set(pending.oldestAgeSeconds);
      },
    }),
    bytesReceived: new Counter({
      name: `${PREFIX}http_received_bytes_total`,
      help: 'Bytes this web process read from its clients (requests with their bodies, uploads included)',
      registers,
    }),
    bytesServed: new Counter({
      name: `${PREFIX}http_served_bytes_total`,
      help: 'Bytes this web process sent to its clients (responses with their bodies, downloads included)',
      registers,
    }),
    uploadsInProgress: new Gauge({
      name: `${PREFIX}uploads_in_progress`,
      help: 'Resumable uploads (parts and tus) begun and neither finished nor expired, service-wide',
      registers,
      async collect() {
        this.set(await db.upload.count({ where: { conversionId: null, expiresAt: { gt: new Date() } } }));
      },
    }),
    warmPoolWorkers: new Gauge({
      name: `${PREFIX}warm_pool_workers`,
      help: 'Warm engine workers of this process, by engine and state (busy or idle)',
      labelNames: ['engine', 'state'] as const,
      registers,
      collect() {
        this.reset();
        for (const [engine, status] of warmPools) {
          const running = status().filter((s) => s.running);
          this.set({ engine, state: 'busy' }, running.filter((s) => s.busy).length);
          this.set({ engine, state: 'idle' }, running.filter((s) => !s.busy).length);
        }
      },
    }),
  };
}

const global = globalThis as unknown as { transmuteMetrics?: ReturnType<typeof createMetrics> };
export const metrics = (global.transmuteMetrics ??= createMetrics());

/** Conversions waiting for an engine and the oldest one's age: the queue gauges, and the admin service overview. */
export async function queuedConversions(): Promise<{ count: number; oldestAgeSeconds: number }> {
  const pending = await db.conversion.aggregate({
    where: { status: 'pending' },
    _count: true,
    _min: { createdAt: true },
  });
  const oldest = pending._min.createdAt;
  return { count: pending._count, oldestAgeSeconds: oldest ? (Date.now() - oldest.getTime()) / 1000 : 0 };
}

/** Lets a warm engine pool's workers be counted at each scrape. */
export function trackWarmPool(engine: string, status: () => Array<{ busy: boolean; running: boolean }>): void {
  metrics.warmPools.set(engine, status);
}
