import { z } from 'zod';
import { choice, defineSettings, flag, httpUrl, integer, port, seconds, text } from '../setting-types';

// Where the service listens, its database, its storage and the secret every process signs with.

export const serviceSettings = defineSettings({
  PORT: { group: 'Server', schema: port().default(3000), description: 'HTTP port of the web server' },
  HOST: {
    group: 'Server',
    schema: text().default('0.0.0.0'),
    description: 'Address the web server listens on',
  },
  PUBLIC_URL: {
    group: 'Server',
    schema: httpUrl().optional(),
    defaultText: '`http://localhost:PORT`',
    description: 'The address users reach the service at (links in mails, OAuth redirects, Stripe return URLs)',
    example: 'https://convert.example.com',
  },
  TRUST_PROXY: {
    group: 'Server',
    schema: flag().default(false),
    description:
      'Trust `X-Forwarded-*` from a reverse proxy in front (the caller is the last address of `X-Forwarded-For`)',
  },
  SHUTDOWN_SECONDS: {
    group: 'Server',
    schema: seconds({ positive: true }).default(20),
    description:
      'How long a stopping process lets its requests and jobs in flight finish (keep it under the grace period of the supervisor, 30 s in compose.yaml)',
  },
  BODY_IDLE_SECONDS: {
    group: 'Server',
    schema: seconds({ positive: true }).default(30),
    description:
      'How long a request body may send nothing while the server waits for it; a body that stalls longer is answered 408 and what it had sent is removed',
  },
  APP_SECRET: {
    group: 'Server',
    schema: z
      .string()
      .min(32, { error: 'must be at least 32 characters' })
      .describe('text, 32 characters or more')
      .optional(),
    secret: true,
    defaultText: 'generated into `DATA_DIR/app-secret`',
    description:
      'Signs guest cookies, session tokens and presigned URLs. Required (32 characters or more) when the ' +
      'database is on another host, with S3 storage or with `STORAGE_DIR`: every process that shares them ' +
      'must sign alike',
    example: 'a-random-string-of-32-characters-or-more',
  },
  DATABASE_URL: {
    group: 'Database',
    schema: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgresql:// URL' })
      .describe('`postgresql://` URL')
      .optional(),
    secret: true,
    defaultText: 'embedded PostgreSQL',
    description: 'The PostgreSQL server to use instead of the embedded one (web, worker and migrations need it)',
    example: 'postgresql://user:password@localhost:5432/transmute',
  },
  DATABASE_POOL_SIZE: {
    group: 'Database',
    schema: integer({ min: 1 }).default(5),
    description:
      "Connections of the Prisma client's pool (the model API and raw reads), in every process; the connection budget is in the README",
  },
  DATABASE_PREPARED_POOL_SIZE: {
    group: 'Database',
    schema: integer({ min: 1 }).default(4),
    description:
      'Connections of the prepared statements of every request and job (`lib/prepared-sql.ts`), in every process',
  },
  DATABASE_RATE_LIMIT_POOL_SIZE: {
    group: 'Database',
    schema: integer({ min: 1 }).default(3),
    description: "Connections of the per-minute rate limit's counters, in web processes",
  },
  DATABASE_UPLOAD_LOCK_POOL_SIZE: {
    group: 'Database',
    schema: integer({ min: 1 }).default(8),
    description:
      'Connections holding tus upload locks, in web processes: one per upload a process writes at once (a PATCH waits up to 5 s for one, then answers 503 with `Retry-After`)',
  },
  DATABASE_QUEUE_POOL_SIZE: {
    group: 'Database',
    schema: integer({ min: 1 }).default(2),
    description:
      "Connections of the embedded job queue's pool (pg-boss, which opens one more to LISTEN), in every process; none with Inngest",
  },
  EMBEDDED_DB_PORT: {
    group: 'Database',
    schema: port().default(54329),
    description: "The embedded PostgreSQL's port (the next free one when taken)",
  },
  DATA_DIR: {
    group: 'Storage',
    schema: text().default('.data'),
    description: "This process's job folders and generated secret, and the stored files unless `STORAGE_DIR` is set",
  },
  STORAGE_DIR: {
    group: 'Storage',
    schema: text().optional(),
    defaultText: '`DATA_DIR/files`',
    description:
      "Local storage's root: stored files and uploads in progress; point every web process and worker at one shared folder",
    example: '/srv/transmute/files',
  },
  STORAGE_DRIVER: {
    group: 'Storage',
    schema: choice(['local', 's3']).optional(),
    defaultText: '`local` (`s3` when `S3_BUCKET` is set)',
    description: 'Where stored files live',
  },
  S3_ENDPOINT: {
    group: 'Storage',
    schema: z.url({ error: 'must be a URL' }).describe('URL').optional(),
    defaultText: "AWS's",
    description: 'Address of an S3-compatible store',
    example: 'http://localhost:8333',
  },
  S3_REGION: { group: 'Storage', schema: text().default('us-east-1'), description: 'Region of the bucket' },
  S3_BUCKET: {
    group: 'Storage',
    schema: text().optional(),
    defaultText: '`transmute` (with `STORAGE_DRIVER=s3`)',
    description: 'Bucket of the stored files; setting it selects S3 storage',
    example: 'transmute',
  },
  S3_ACCESS_KEY_ID: {
    group: 'Storage',
    schema: text().optional(),
    defaultText: "the AWS SDK's credential chain",
    description: "The store's access key",
  },
  S3_SECRET_ACCESS_KEY: {
    group: 'Storage',
    schema: text().optional(),
    secret: true,
    description: "The store's secret key",
  },
  S3_FORCE_PATH_STYLE: {
    group: 'Storage',
    schema: flag().default(true),
    description: 'Address buckets by path (most self-hosted stores), not by host name',
  },
  STORAGE_WARN_FREE_MB: {
    group: 'Storage',
    schema: integer().default(2048),
    description: 'Free space (stored files on local disk, and job folders) under which `/api/v1/health` adds a warning',
  },
  STORAGE_MIN_FREE_MB: {
    group: 'Storage',
    schema: integer().default(300),
    description:
      "Free space under which health's `storage` check fails (503); a write that meets a full disk answers 507 and keeps nothing",
  },
  PRESIGNED_URL_TTL_SECONDS: {
    group: 'Storage',
    schema: integer({ min: 1 }).default(300),
    description: 'Lifetime of presigned download links',
  },
});
