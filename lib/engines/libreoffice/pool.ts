import { config } from '@/lib/config';
import { trackWarmPool } from '@/lib/observability/metrics';
import { createWarmPool, type WarmPool } from '../warm/warm-pool';
import { officeWorkerSpec } from './instance';

// The warm LibreOffice instances: LIBREOFFICE_POOL_SIZE of them (by default from cores and memory,
// lib/config/office-pool-size.ts), each replaced after LIBREOFFICE_MAX_CONVERSIONS conversions or any error
// (see warm/warm-pool.ts).

let pool: WarmPool | undefined;
// Counted at each scrape from the start, with no instance running until the pool is made.
trackWarmPool('libreoffice', () => []);

/**
 * Made at its first use (warm-up or conversion), not when this module loads: the settings in force
 * then size it, as settings are read on use (a process or a test may set them after the import).
 */
function officePool(): WarmPool {
  pool ??= createWarmPool({
    engine: 'libreoffice',
    size: config.libreoffice.poolSize,
    maxJobs: config.libreoffice.maxConversionsPerInstance,
    spec: officeWorkerSpec,
  });
  return pool;
}

export const withOffice: WarmPool['withWorker'] = (fn) => officePool().withWorker(fn);
export const warmUp = () => officePool().warmUp();
/** Stops the instances; a pool never used has none. */
export const shutdownLibreOffice = async () => pool?.shutdown();

/** Running instances (for health checks and tests). */
export const poolStatus = () => (pool?.status() ?? []).map(({ jobs, ...s }) => ({ ...s, conversions: jobs }));
