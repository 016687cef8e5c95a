import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { json } from '@/lib/schemas/common';

const count = () => z.number().int().nonnegative();

export const PublicStats = z
  .object({
    conversions_total: count().meta({ description: 'Conversions accepted since the service started keeping count' }),
    conversions_last_24h: count(),
    files_processed_bytes: count().meta({ description: 'Input bytes of the completed conversions still kept' }),
    top_conversions: z
      .array(z.object({ from: z.string(), to: z.string(), count: count() }))
      .meta({ description: 'The most frequent format pairs of the last 30 days, most frequent first (up to 10)' }),
    formats_supported: count().meta({ description: 'Formats read or written' }),
    uptime_seconds: count().meta({ description: 'Seconds since this server process started' }),
  })
  .meta({ id: 'PublicStats' });

export const statsOp = defineOperation({
  operationId: 'getStats',
  method: 'get',
  path: '/api/v1/stats',
  auth: 'open',
  responses: { 200: json(PublicStats, 'Aggregates only: nothing about any account or file') },
  openapi: {
    tags: ['System'],
    summary: 'Public product statistics (aggregates, recomputed at most once a minute)',
  },
});
