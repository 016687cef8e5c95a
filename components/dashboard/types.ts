import type { z } from 'zod';
import type { ApiKey } from '@/lib/schemas/api-keys';
import type { CreatedInvitation, Team } from '@/lib/schemas/teams';

/** An item of GET /api/v1/api-keys. */
export type ApiKeyJson = z.infer<typeof ApiKey>;

/** The answer of POST /api/v1/api-keys: the key with its secret (shown once). */
export type CreatedApiKeyJson = ApiKeyJson & { secret: string };

/** GET /api/v1/team. */
export type TeamJson = z.infer<typeof Team>;

/** POST /api/v1/team/invites: the invitation with its token (shown once). */
export type CreatedInvitationJson = z.infer<typeof CreatedInvitation>;
