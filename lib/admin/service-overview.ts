import { mkdir, statfs } from 'node:fs/promises';
import { config } from '@/lib/config';
import { defaultOf } from '@/lib/config/env-docs';
import { ALL_SETTINGS, rawSetting, type Env } from '@/lib/config/schema';
import { db } from '@/lib/db';
import { findEngine } from '@/lib/engines/registry';
import { isFormatName } from '@/lib/formats/catalog';
import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';
import { queuedConversions } from '@/lib/observability/metrics';
import { checkHealth } from '@/lib/system/check-health';

// What an administrator sees of the service at a glance (GET /api/v1/admin/service, /admin/service).
// Each figure comes from where the service already keeps it: health and readiness from
// checkHealth (the answer of GET /api/v1/health), the waiting conversions from the query behind the
// queue gauges of /metrics, conversions by engine from the conversion rows (the Prometheus counter
// is per process and since its start; the rows are service-wide), stored bytes from the rows that
// own the stored objects, and the configuration from its one schema (lib/config/schema.ts).

const OUTCOMES = ['completed', 'failed', 'cancelled'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
type Outcome = (typeof OUTCOMES)[number];

type EngineOutcomes = { engine: string } & Record<Outcome, number>;

/**
 * Conversions that ended in the last 24 hours, by the engine that serves their pair and how they
 * ended. The engine is the registry's pick for the row's tool and formats, the lookup a run makes;
 * `none` when no engine serves the pair now (a cancelled or refused conversion, a policy change).
 * Rows are removed when they expire, so a plan retaining files under 24 h counts fewer.
 */
async function conversionsByEngine(): Promise<EngineOutcomes[]> {
  const groups = await db.conversion.groupBy({
    by: ['operation', 'originalFormat', 'targetFormat', 'status'],
    where: { completedAt: { gt: new Date(Date.now() - DAY_MS) }, status: { in: [...OUTCOMES] } },
    _count: true,
  });
  const byEngine = new Map<string, EngineOutcomes>();
  for (const g of groups) {
    // A row's format is empty until it is known (a URL import not yet fetched) and may be one this
    // version no longer has: such a row counts under `none` rather than failing the overview.
    const { originalFormat: from, targetFormat: to } = g;
    const engine = (isFormatName(from) && isFormatName(to) && findEngine(from, to, g.operation)?.name) || 'none';
    const row = byEngine.get(engine) ?? { engine, completed: 0, failed: 0, cancelled: 0 };
    row[g.status as Outcome] += g._count;
    byEngine.set(engine, row);
  }
  return [...byEngine.values()].sort((a, b) => a.engine.localeCompare(b.engine));
}

type JobQueueCounts = { name: string; ready: number; active: number; deferred: number; failed: number };

/** The embedded queue's own counts per queue (pg-boss keeps them); null when Inngest runs the jobs. */
async function jobQueues(): Promise<JobQueueCounts[] | null> {
  if (config.inngestEnabled) return null;
  const boss = await embeddedQueue();
  const queues = await Promise.all(Object.values(QUEUES).map((name) => boss.getQueue(name)));
  return queues.flatMap((q) =>
    q
      ? [{ name: q.name, ready: q.readyCount, active: q.activeCount, deferred: q.deferredCount, failed: q.failedCount }]
      : [],
  );
}

type Disk = { total_bytes: number; free_bytes: number };

/** A folder's filesystem: its size and the space left to an unprivileged writer (as health measures it). */
async function diskOf(dir: string): Promise<Disk> {
  await mkdir(dir, { recursive: true });
  const fs = await statfs(dir);
  return { total_bytes: fs.blocks * fs.bsize, free_bytes: fs.bavail * fs.bsize };
}

/**
 * Bytes held in the store, from the rows that own its objects: conversions' inputs and results,
 * resumable uploads' parts not yet made a conversion, and cloud imports waiting to be converted.
 */
async function storedBytes(): Promise<number> {
  const [conversions, parts, imports] = await Promise.all([
    db.conversion.aggregate({ _sum: { inputSize: true, resultSize: true } }),
    db.uploadPart.aggregate({ where: { upload: { conversionId: null } }, _sum: { size: true } }),
    db.cloudImport.aggregate({ _sum: { size: true } }),
  ]);
  return (
    Number(conversions._sum.inputSize ?? 0) +
    Number(conversions._sum.resultSize ?? 0) +
    (parts._sum.size ?? 0) +
    Number(imports._sum.size ?? 0)
  );
}

async function storageReport() {
  const driver = config.storageDriver;
  const [usedBytes, dataDir, filesDisk] = await Promise.all([
    storedBytes(),
    diskOf(config.dataDir),
    driver === 'local' ? diskOf(config.filesDir) : Promise.resolve(null),
  ]);
  return { driver, used_bytes: usedBytes, store_disk: filesDisk, data_dir_disk: dataDir };
}

type ConfigEntry = {
  name: string;
  group: string;
  secret: boolean;
  /** Set in the environment (an empty value counts as unset, as everywhere in lib/config). */
  set: boolean;
  /** The text in force: the environment's, or null when it is unset (then `default` applies); always null for a secret. */
  value: string | null;
  default: string;
  source: 'environment' | 'default';
};

/** A URL's user and password, should a setting that is not secret carry them, never leave the server. */
function withoutCredentials(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (!url.username && !url.password) return value;
  url.username = '';
  url.password = '';
  return url.toString();
}

/**
 * Every variable of the schema with what this process reads from it: the text set, or its default.
 * A secret says only whether it is set.
 */
function configurationInForce(env: Env = process.env): ConfigEntry[] {
  return Object.entries(ALL_SETTINGS).map(([name, setting]) => {
    const raw = rawSetting(env, name);
    const secret = setting.secret === true;
    return {
      name,
      group: setting.group,
      secret,
      set: raw !== undefined,
      value: raw === undefined || secret ? null : withoutCredentials(raw),
      default: defaultOf(setting).replaceAll('`', ''),
      source: raw === undefined ? ('default' as const) : ('environment' as const),
    };
  });
}

/** The whole overview; each part is read at once, the slowest (health's checks) bounded by its timeouts. */
export async function serviceOverview() {
  const [health, waiting, jobs, conversions, storage] = await Promise.all([
    checkHealth(),
    queuedConversions(),
    jobQueues().catch(() => null),
    conversionsByEngine(),
    storageReport(),
  ]);
  return {
    health,
    queue: { waiting: waiting.count, oldest_waiting_seconds: waiting.oldestAgeSeconds, jobs },
    conversions_24h: conversions,
    storage,
    configuration: configurationInForce(),
  };
}
