import { db } from '@/lib/db';
import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';
import { config } from '@/lib/config';
import { connectionReport } from '@/lib/database/report';
import { SANDBOX_OFF_WARNING, sandboxRefusal, sandboxStatus } from '@/lib/engines/sandbox/sandbox-status';
import { inngest } from '@/lib/jobs/inngest-client';
import { storage } from '@/lib/storage';
import { checkDiskSpace, type DiskSpace } from '@/lib/system/disk-space';
import { formatPolicy } from '@/lib/engines/format-policy';
import { unknownDisabledEngineNames } from '@/lib/engines/registry';

type Check = 'ok' | 'error';

const withTimeout = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

async function check(fn: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(fn());
    return 'ok';
  } catch {
    return 'error';
  }
}

async function checkSpace(): Promise<DiskSpace> {
  try {
    return await withTimeout(checkDiskSpace());
  } catch {
    return { ok: false, warnings: ['Free storage space could not be measured'] };
  }
}

/**
 * How jobs reach the workers, for an operator checking a deployment: the embedded queue, or
 * Inngest with where it is (its server's origin; Inngest Cloud when none) and whether each key is
 * set. Never a key itself, nor credentials or a path of the server's address.
 */
function jobEngineReport() {
  if (!config.inngestEnabled) return { engine: 'embedded' as const };
  const dev = config.inngestDev;
  const given = config.inngestBaseUrl;
  const baseUrl = given ? new URL(given).origin : null;
  return {
    engine: 'inngest' as const,
    inngest: {
      app_id: inngest.id,
      mode: dev ? ('dev' as const) : baseUrl ? ('self-hosted' as const) : ('cloud' as const),
      base_url: baseUrl,
      event_key_set: Boolean(config.inngestEventKey),
      signing_key_set: Boolean(config.inngestSigningKey),
    },
  };
}

/** What an Inngest configuration lacks to run jobs (outside dev mode, both keys are needed). */
function inngestWarnings(jobs: ReturnType<typeof jobEngineReport>): string[] {
  if (jobs.engine !== 'inngest' || jobs.inngest.mode === 'dev') return [];
  return jobs.inngest.signing_key_set
    ? []
    : ['INNGEST_EVENT_KEY is set without INNGEST_SIGNING_KEY: Inngest cannot call the service or its workers'];
}

/** A name in ENGINES_DISABLED that no engine has turns nothing off: the operator sees it here. */
function policyWarnings(): string[] {
  const unknown = unknownDisabledEngineNames();
  return unknown.length > 0 ? [`ENGINES_DISABLED names no engine: ${unknown.join(', ')}`] : [];
}

/**
 * Database, storage and job queue, each checked with a short timeout, and the process's connection
 * budget (lib/database/budget.ts). Storage fails when the store
 * cannot be reached or its free space (or the job folders') is under the minimum; space under the
 * warning threshold only adds a warning.
 */
export async function checkHealth() {
  const [database, reachable, queue, space] = await Promise.all([
    check(() => db.$queryRaw`SELECT 1`),
    check(() => storage().check()),
    check(async () => {
      if (config.inngestEnabled) return; // Inngest is reached over HTTP when events are sent
      const boss = await embeddedQueue();
      await boss.getQueue(QUEUES.runConversion);
    }),
    checkSpace(),
  ]);
  // Engines cannot run outside their sandbox (lib/engines/sandbox/sandbox-status.ts): then nothing converts,
  // and the reason (with what to change) is a warning line.
  const refusal = sandboxRefusal();
  const sandbox = refusal ? ('error' as const) : ('ok' as const);
  const sandboxWarnings = refusal ? [refusal] : sandboxStatus().state === 'off' ? [SANDBOX_OFF_WARNING] : [];
  const checks = {
    database,
    storage: reachable === 'ok' && space.ok ? ('ok' as const) : ('error' as const),
    queue,
    sandbox,
  };
  const status = Object.values(checks).every((c) => c === 'ok') ? ('ok' as const) : ('degraded' as const);
  const jobs = jobEngineReport();
  return {
    status,
    checks,
    jobs,
    warnings: [...space.warnings, ...sandboxWarnings, ...inngestWarnings(jobs), ...policyWarnings()],
    connections: connectionReport(),
    policy: formatPolicy(),
  };
}
