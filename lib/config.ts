import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultOfficePoolSize } from './engines/libreoffice/pool-size';

// Service-wide settings from the environment, with the embedded defaults. Settings owned by one
// domain module live there (plan limits in lib/plans.ts, Stripe in lib/billing, mail in lib/mail).

const env = process.env;
const int = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

const engineConcurrency = int(env.ENGINE_CONCURRENCY, Math.max(1, os.availableParallelism()));

export const config = {
  dataDir: path.resolve(env.DATA_DIR ?? '.data'),
  /**
   * The local driver's root (STORAGE_DIR): stored files and uploads in progress, which every web
   * process and worker sharing it can read; DATA_DIR stays this process's scratch.
   */
  get filesDir() {
    return env.STORAGE_DIR ? path.resolve(env.STORAGE_DIR) : path.join(this.dataDir, 'files');
  },
  get jobsDir() {
    return path.join(this.dataDir, 'jobs');
  },
  publicUrl: env.PUBLIC_URL,
  storageDriver: (env.STORAGE_DRIVER ?? (env.S3_BUCKET ? 's3' : 'local')) as 'local' | 's3',
  s3: {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET ?? 'transmute',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
  },
  inngestEnabled: Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_DEV),
  engineConcurrency,
  /** Read on every use, so an operator's change applies to the next run. */
  get engineTimeoutMs() {
    return int(env.ENGINE_TIMEOUT_SECONDS, 300) * 1000;
  },
  engineMaxAttempts: int(env.ENGINE_MAX_ATTEMPTS, 3),
  /** Warm engine workers (LibreOffice, sharp, OCR) unused this long stop; 0 keeps them. Read on every use. */
  get engineIdleMs() {
    return int(env.ENGINE_IDLE_SECONDS, 600) * 1000;
  },
  /**
   * Free space under DATA_DIR (stored files, job folders) below which health warns, and below which
   * it answers 503; read on every check.
   */
  get storageWarnFreeBytes() {
    return int(env.STORAGE_WARN_FREE_MB, 2048) * 1_000_000;
  },
  get storageMinFreeBytes() {
    return int(env.STORAGE_MIN_FREE_MB, 300) * 1_000_000;
  },
  libreoffice: {
    /** Sized from cores and memory unless set (lib/engines/libreoffice/pool-size.ts). */
    poolSize: env.LIBREOFFICE_POOL_SIZE
      ? Math.max(1, int(env.LIBREOFFICE_POOL_SIZE, 1))
      : defaultOfficePoolSize({
          cores: os.availableParallelism(),
          memoryBytes: os.totalmem(),
          engineSlots: engineConcurrency,
        }),
    maxConversionsPerInstance: Math.max(1, int(env.LIBREOFFICE_MAX_CONVERSIONS, 200)),
    /** Deployments that do not run from the repository root point at bridge.py here. */
    bridgePath: env.LIBREOFFICE_BRIDGE_PATH,
  },
  presignedUrlTtlSeconds: int(env.PRESIGNED_URL_TTL_SECONDS, 300),
  /** Trust X-Forwarded-For only when the deployment says a proxy sets it. */
  trustProxy: env.TRUST_PROXY === 'true',
  get appSecret(): string {
    return appSecret();
  },
};

let cachedSecret: string | undefined;
/** APP_SECRET, or a random one generated once and kept in the data folder. */
function appSecret(): string {
  if (cachedSecret) return cachedSecret;
  if (env.APP_SECRET) return (cachedSecret = env.APP_SECRET);
  const file = path.join(config.dataDir, 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // Written aside and linked into place, so a concurrent reader never sees a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another process won the race
    } finally {
      unlinkSync(tmp);
    }
  }
  return (cachedSecret = readFileSync(file, 'utf8').trim());
}
