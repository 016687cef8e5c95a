import type { z } from 'zod';
import type { ApiKey } from '@/lib/schemas/api-keys';

/** An item of GET /api/v1/api-keys. */
export type ApiKeyJson = z.infer<typeof ApiKey>;

/** The answer of POST /api/v1/api-keys: the key with its secret (shown once). */
export type CreatedApiKeyJson = ApiKeyJson & { secret: string };
