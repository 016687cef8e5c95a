import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { binaryContent, errors, json, text } from '@/lib/schemas/common';
import { ConversionOptions } from '@/lib/schemas/conversion';
import { FORMAT_ALIASES, FORMAT_FAMILIES } from '@/lib/formats/catalog';

const ALIAS_LIST = Object.entries(FORMAT_ALIASES)
  .map(([alias, name]) => `${alias} = ${name}`)
  .join(', ');

/** The option schemas a pair can take, by their ids in components/schemas. */
const OPTION_SCHEMA_IDS = ConversionOptions.options.map((o) => String(o.meta()?.id)) as [string, ...string[]];

const TargetOptions = z
  .object({
    schema: z.enum(OPTION_SCHEMA_IDS).meta({ description: 'The schema that describes these options' }),
    names: z.array(z.string()).meta({ description: 'The options of that schema this pair takes' }),
  })
  .meta({ id: 'TargetOptions' });

export const FormatEntry = z
  .object({
    format: z.string().meta({
      example: 'docx',
      description: 'Name used as `target_format`; aliases are accepted there too (' + ALIAS_LIST + ')',
    }),
    family: z.enum(FORMAT_FAMILIES),
    label: z.string().meta({ description: 'Human name, e.g. "Word document"' }),
    mime: z.string(),
    targets: z.array(z.string()).meta({ description: 'Formats this input converts to' }),
    target_options: z.record(z.string(), TargetOptions).meta({
      description:
        'For each target that takes conversion options (`options` of a conversion), which ones; ' +
        'a target not listed takes none, and any option sent for it answers 400',
      example: {
        jpg: {
          schema: 'ImageOptions',
          names: ['quality', 'width', 'height', 'fit', 'dpi', 'strip_metadata', 'background'],
        },
      },
    }),
    compress: z.boolean().meta({ description: 'Whether `POST /api/v1/compress/upload` takes this format' }),
    ocr: z.boolean().meta({ description: 'Whether `POST /api/v1/tools/ocr` reads this format' }),
  })
  .meta({ id: 'FormatEntry' });

export const formatsOp = defineOperation({
  operationId: 'listFormats',
  method: 'get',
  path: '/api/v1/formats',
  auth: 'open',
  responses: { 200: json(z.object({ formats: z.array(FormatEntry) }), 'Formats') },
  openapi: {
    tags: ['System'],
    summary: 'List supported formats: each input format with its targets',
    description:
      'Generated from the engines installed on this server: a format whose tool is missing is not listed. ' +
      'Every listed pair converts (a matrix test checks each output by its magic bytes).',
  },
});

const HealthChecks = z.object({
  database: z.enum(['ok', 'error']),
  storage: z.enum(['ok', 'error']),
  queue: z.enum(['ok', 'error']),
  sandbox: z.enum(['ok', 'error']).meta({
    description:
      'The engine sandbox (bubblewrap with a fresh /proc) can be set up: `error` means no conversion runs ' +
      '(in a container: run it with `--security-opt systempaths=unconfined`; `ENGINE_SANDBOX=off` opts out)',
  }),
});

const HealthWarnings = z.array(z.string()).meta({
  description:
    'Conditions to act on before a check fails, e.g. storage space under `STORAGE_WARN_FREE_MB` ' +
    '(stored files and job folders; under `STORAGE_MIN_FREE_MB` the storage check fails). Empty when none',
});

const HealthJobs = z
  .object({
    engine: z.enum(['embedded', 'inngest']).meta({
      description:
        'What runs the jobs: the embedded queue in PostgreSQL, or Inngest (`INNGEST_EVENT_KEY` or `INNGEST_DEV`)',
    }),
    inngest: z
      .object({
        app_id: z.string(),
        mode: z.enum(['cloud', 'self-hosted', 'dev']),
        base_url: z
          .string()
          .nullable()
          .meta({ description: "The Inngest server's origin (`INNGEST_BASE_URL`); null for Inngest Cloud" }),
        event_key_set: z.boolean(),
        signing_key_set: z.boolean(),
      })
      .optional()
      .meta({ description: "Inngest's configuration, with Inngest only; whether each key is set, never a key" }),
  })
  .meta({ id: 'HealthJobs' });

const PoolReport = z.object({
  size: z.number().int().meta({ description: 'The most connections the pool holds (its variable in the README)' }),
  roles: z
    .array(z.enum(['web', 'worker', 'all_in_one']))
    .meta({ description: 'The processes that open it (on first use)' }),
  open: z.number().int().meta({ description: 'Connections it holds in the process that answered, now' }),
});

const HealthConnections = z
  .object({
    budget: z.object({ web: z.number().int(), worker: z.number().int(), all_in_one: z.number().int() }).meta({
      description:
        "The most PostgreSQL connections one process of each role opens: the sum of its pools' sizes. " +
        "A deployment's total (web replicas × web + workers × worker, plus migrations and admin) must stay " +
        "under the server's `max_connections`",
    }),
    pools: z
      .object({
        prisma: PoolReport,
        prepared: PoolReport,
        rate_limit: PoolReport,
        upload_locks: PoolReport,
        listen: PoolReport,
        queue: PoolReport,
      })
      .meta({
        description:
          'Each pool or client: `prisma` (`DATABASE_POOL_SIZE`), `prepared` (`DATABASE_PREPARED_POOL_SIZE`), ' +
          '`rate_limit` (`DATABASE_RATE_LIMIT_POOL_SIZE`), `upload_locks` (`DATABASE_UPLOAD_LOCK_POOL_SIZE`), ' +
          "`listen` (one), `queue` (`DATABASE_QUEUE_POOL_SIZE` and pg-boss's LISTEN connection; 0 with Inngest)",
      }),
  })
  .meta({ id: 'HealthConnections' });

const HealthPolicy = z
  .object({
    formats_disabled: z.array(z.string()).meta({
      description: 'Formats and families turned off (`FORMATS_DISABLED`): neither read nor written here',
    }),
    engines_disabled: z.array(z.string()).meta({
      description: 'Engines that never run (`ENGINES_DISABLED`); a name no engine has is also a warning',
    }),
  })
  .meta({ id: 'HealthPolicy' });

/** What every answer of health holds, whatever its status (and the admin service overview's health). */
export const healthReport = {
  checks: HealthChecks,
  jobs: HealthJobs,
  warnings: HealthWarnings,
  connections: HealthConnections,
  policy: HealthPolicy,
};

const Health = z.object({ status: z.literal('ok'), ...healthReport }).meta({ id: 'Health' });

/** A failing check: the checks, plus the error body every failure carries. */
const HealthDegraded = z
  .object({
    status: z.literal('degraded'),
    ...healthReport,
    error: z.string().meta({ description: 'Names the failing checks' }),
    code: z.literal('service_unavailable'),
  })
  .meta({ id: 'HealthDegraded' });

const Liveness = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });

export const livenessOp = defineOperation({
  operationId: 'getLiveness',
  method: 'get',
  path: '/api/v1/health/live',
  auth: 'open',
  rateLimited: false,
  responses: { 200: json(Liveness, 'The process answers') },
  openapi: {
    tags: ['System'],
    summary: 'Liveness: the process answers (no database, storage or queue check); not rate limited',
    description:
      'For a supervisor deciding whether to restart the process. Readiness (whether it can serve) is ' +
      '`GET /api/v1/health`, which answers 503 while a dependency is down although the process lives.',
  },
});

export const healthOp = defineOperation({
  operationId: 'getHealth',
  method: 'get',
  path: '/api/v1/health',
  auth: 'open',
  rateLimited: false, // monitors poll it, and it must answer while the limiter's database is down
  responses: { 200: json(Health, 'Healthy'), 503: json(HealthDegraded, 'A check failed (named in `error`)') },
  openapi: {
    tags: ['System'],
    summary:
      'Health check of database, storage, job queue and engine sandbox (503 naming the failing check); not rate limited',
    description:
      '`storage` fails when the store cannot be reached or the free space where files and job folders are ' +
      'written is under `STORAGE_MIN_FREE_MB` (default 300); under `STORAGE_WARN_FREE_MB` (default 2048) ' +
      'it stays `ok` with a line in `warnings`.',
  },
});

export const signedFileOp = defineOperation({
  operationId: 'downloadPresignedFile',
  method: 'get',
  path: '/api/v1/files/{token}',
  auth: 'open',
  params: z.object({
    token: text()
      .min(10)
      .max(2000)
      .meta({ param: { description: 'Signed, expiring token from GET /api/v1/convert/presigned-url/{id}' } }),
  }),
  responses: {},
  openapi: {
    tags: ['Conversions'],
    summary: 'Presigned download (local-disk storage): the target of presigned URLs',
    responses: {
      '200': {
        description: 'The file',
        content: binaryContent('application/octet-stream'),
      },
    },
  },
});

export const openapiOp = defineOperation({
  operationId: 'getOpenApiDocument',
  method: 'get',
  path: '/api/v1/openapi.json',
  auth: 'open',
  responses: { 200: json(z.looseObject({}).meta({ description: 'OpenAPI 3.1 document' }), 'OpenAPI document') },
  openapi: { tags: ['System'], summary: 'This OpenAPI 3.1 description' },
});

export const inngestOp = defineOperation({
  operationId: 'inngestServe',
  method: 'put',
  path: '/api/inngest',
  auth: 'open',
  rateLimited: false,
  responses: {},
  openapi: {
    tags: ['Internal'],
    summary: 'Inngest serve endpoint (GET/POST/PUT), used only when INNGEST_* variables are set',
    description:
      'Requests are verified with INNGEST_SIGNING_KEY. Without INNGEST_* variables jobs run on the ' +
      'embedded queue and every method answers 404.',
    responses: {
      '200': { description: 'Inngest protocol response' },
      ...errors(404),
    },
  },
});
