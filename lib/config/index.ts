import os from 'node:os';
import path from 'node:path';
import { defaultOfficePoolSize } from './office-pool-size';
import { appSecret } from './app-secret';
import { setting } from './read-setting';
import { SETTINGS, type SettingName, type SettingValue } from './schema';

// The configuration, read one way: `config.<name>`. Each variable of the schema
// (lib/config/schema.ts) is a property named after it in camel case (S3_BUCKET → config.s3Bucket),
// read from the environment on every use (and parsed again when its text changed), so an
// operator's or a test's change applies to the next use; the values derived from several
// variables (paths, S3, the LibreOffice pool) are written out below.

/** The cores this process may run on, read once: each read is a system call, and engine slots ask on every run. */
const CORES = Math.max(1, os.availableParallelism());

const engineConcurrency = () => setting('ENGINE_CONCURRENCY') ?? CORES;

const derived = {
  get dataDir() {
    return path.resolve(setting('DATA_DIR'));
  },
  /**
   * The local driver's root (STORAGE_DIR): stored files and uploads in progress, which every web
   * process and worker sharing it can read; DATA_DIR stays this process's scratch.
   */
  get filesDir() {
    const dir = setting('STORAGE_DIR');
    return dir ? path.resolve(dir) : path.join(this.dataDir, 'files');
  },
  get jobsDir() {
    return path.join(this.dataDir, 'jobs');
  },
  get publicUrl() {
    return setting('PUBLIC_URL');
  },
  get storageDriver(): 'local' | 's3' {
    return setting('STORAGE_DRIVER') ?? (setting('S3_BUCKET') ? 's3' : 'local');
  },
  get s3() {
    return {
      endpoint: setting('S3_ENDPOINT'),
      region: setting('S3_REGION'),
      bucket: setting('S3_BUCKET') ?? 'transmute',
      accessKeyId: setting('S3_ACCESS_KEY_ID'),
      secretAccessKey: setting('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: setting('S3_FORCE_PATH_STYLE'),
    };
  },
  get inngestEnabled() {
    return Boolean(setting('INNGEST_EVENT_KEY') || setting('INNGEST_DEV'));
  },
  get engineConcurrency() {
    return engineConcurrency();
  },
  get engineTimeoutMs() {
    return setting('ENGINE_TIMEOUT_SECONDS') * 1000;
  },
  get engineMaxAttempts() {
    return setting('ENGINE_MAX_ATTEMPTS');
  },
  /** How long a run the all-in-one process started itself stays its own without a renewal (lib/jobs/local-hand-off.ts). */
  get jobLeaseMs() {
    return setting('JOB_LEASE_SECONDS') * 1000;
  },
  /** Warm engine workers (LibreOffice, sharp, OCR) and programs started ahead unused this long stop; 0 keeps them. */
  get engineIdleMs() {
    return setting('ENGINE_IDLE_SECONDS') * 1000;
  },
  /** Free space under DATA_DIR (stored files, job folders) below which health warns, and below which it answers 503. */
  get storageWarnFreeBytes() {
    return setting('STORAGE_WARN_FREE_MB') * 1_000_000;
  },
  get storageMinFreeBytes() {
    return setting('STORAGE_MIN_FREE_MB') * 1_000_000;
  },
  get libreoffice() {
    return {
      /** Sized from cores and memory unless set (lib/config/office-pool-size.ts). */
      poolSize:
        setting('LIBREOFFICE_POOL_SIZE') ??
        defaultOfficePoolSize({
          cores: CORES,
          memoryBytes: os.totalmem(),
          engineSlots: engineConcurrency(),
        }),
      maxConversionsPerInstance: setting('LIBREOFFICE_MAX_CONVERSIONS'),
      /** Deployments that do not run from the repository root point at bridge.py here. */
      bridgePath: setting('LIBREOFFICE_BRIDGE_PATH'),
    };
  },
  get presignedUrlTtlSeconds() {
    return setting('PRESIGNED_URL_TTL_SECONDS');
  },
  /** Trust X-Forwarded-For only when the deployment says a proxy sets it. */
  get trustProxy() {
    return setting('TRUST_PROXY');
  },
  get appSecret(): string {
    return appSecret(this.dataDir);
  },
};

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>;
type SettingProperties = { readonly [K in SettingName as CamelCase<K>]: SettingValue<K> };

const camelCase = (name: string) => name.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

for (const name of Object.keys(SETTINGS) as SettingName[]) {
  const key = camelCase(name);
  // A derived value of the same name (dataDir: the resolved path) is the one to read.
  if (!(key in derived)) Object.defineProperty(derived, key, { get: () => setting(name), enumerable: true });
}

export const config = derived as typeof derived & Omit<SettingProperties, keyof typeof derived>;
