import { config } from '@/lib/config';
import { createWarmPool } from '../warm/warm-pool';
import { officeWorkerSpec } from './instance';

// The warm LibreOffice instances: LIBREOFFICE_POOL_SIZE of them (by default from cores and memory,
// lib/config/office-pool-size.ts), each replaced after LIBREOFFICE_MAX_CONVERSIONS conversions or any error
// (see warm/warm-pool.ts).

const pool = createWarmPool({
  engine: 'libreoffice',
  size: config.libreoffice.poolSize,
  maxJobs: config.libreoffice.maxConversionsPerInstance,
  spec: officeWorkerSpec,
});

export const withOffice = pool.withWorker;
export const warmUp = pool.warmUp;
export const shutdownLibreOffice = pool.shutdown;

/** Running instances (for health checks and tests). */
export const poolStatus = () => pool.status().map(({ jobs, ...s }) => ({ ...s, conversions: jobs }));
