import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { errors, json } from '@/lib/schemas/common';
import { healthReport } from '@/lib/schemas/system';

const count = () => z.number().int().min(0);
const bytes = () => z.number().int().min(0);

const EngineOutcomes = z
  .object({
    engine: z.string().meta({
      description: "The engine that serves the conversion's pair (`none`: none serves it now, e.g. a refused format)",
    }),
    completed: count(),
    failed: count(),
    cancelled: count(),
  })
  .meta({ id: 'AdminEngineOutcomes' });

const JobQueue = z
  .object({
    name: z.string().meta({ description: 'The embedded queue (pg-boss) queue' }),
    ready: count().meta({ description: 'Jobs that can run now' }),
    active: count().meta({ description: 'Jobs a worker holds' }),
    deferred: count().meta({ description: 'Jobs waiting for their retry time' }),
    failed: count().meta({ description: 'Failed jobs still kept' }),
  })
  .meta({ id: 'AdminJobQueue' });

const Disk = z
  .object({ total_bytes: bytes(), free_bytes: bytes().meta({ description: 'Space left to the service (statfs)' }) })
  .meta({ id: 'AdminDisk' });

const ConfigEntry = z
  .object({
    name: z.string(),
    group: z.string().meta({ description: 'The section of the configuration tables in the README' }),
    secret: z.boolean(),
    set: z.boolean().meta({ description: 'Whether the environment sets it (empty counts as unset)' }),
    value: z.string().nullable().meta({
      description:
        'The text it is set to (a URL without its user and password), or null when unset. Always null for a secret',
    }),
    default: z.string().meta({ description: 'What applies when it is unset' }),
    source: z.enum(['environment', 'default']),
  })
  .meta({ id: 'AdminConfigEntry' });

export const AdminServiceOverview = z
  .object({
    health: z
      .object({ status: z.enum(['ok', 'degraded']), ...healthReport })
      .meta({ description: 'What `GET /api/v1/health` answers (its status `degraded` when a check fails)' }),
    queue: z.object({
      waiting: count().meta({ description: 'Conversions waiting for an engine, service-wide' }),
      oldest_waiting_seconds: z
        .number()
        .min(0)
        .meta({ description: 'Age of the oldest waiting conversion (0 when none waits)' }),
      jobs: z.array(JobQueue).nullable().meta({
        description: "The embedded queue's counts per queue; null with Inngest, or when the queue is unreachable",
      }),
    }),
    conversions_24h: z.array(EngineOutcomes).meta({
      description:
        'Conversions that ended in the last 24 hours by engine and outcome, from the conversion rows (service-wide; ' +
        'rows are removed when their files expire)',
    }),
    storage: z.object({
      driver: z.enum(['local', 's3']),
      used_bytes: bytes().meta({
        description:
          "Bytes in the store, from the rows that own them (conversions' inputs and results, uploads, imports)",
      }),
      store_disk: Disk.nullable().meta({
        description: "The stored files' filesystem on local disk; null with S3 (free space unknown)",
      }),
      data_dir_disk: Disk.meta({ description: "`DATA_DIR`'s filesystem (job folders)" }),
    }),
    configuration: z.array(ConfigEntry).meta({
      description: 'Every variable of the configuration as the answering process reads it; secrets only as set or not',
    }),
  })
  .meta({ id: 'AdminServiceOverview' });

export const adminServiceOp = defineOperation({
  operationId: 'getAdminServiceOverview',
  method: 'get',
  path: '/api/v1/admin/service',
  auth: 'admin',
  responses: { 200: json(AdminServiceOverview, 'The service at a glance') },
  openapi: {
    tags: ['admin'],
    summary: 'Service overview for administrators: health, queue, conversions by engine, storage, configuration',
    description:
      'Health is what `GET /api/v1/health` computes (this answers 200 while it is degraded). Secrets in the ' +
      'configuration are reported only as set or not set.',
    responses: errors(401, 403),
  },
});
