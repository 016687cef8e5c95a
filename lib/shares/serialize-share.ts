import type { z } from 'zod';
import type { ShareLink as ShareRow } from '@/lib/generated/prisma/client';
import type { ShareLink } from '@/lib/schemas/shares';
import { sharePagePath } from '@/lib/domain/share-rules';

/** A share link as its owner sees it: the token works, so only the owner ever gets this. */
export function serializeShare(row: ShareRow, origin: string) {
  return {
    token: row.token,
    url: `${origin}${sharePagePath(row.token)}`,
    has_password: row.passwordHash !== null,
    expires_at: row.expiresAt.toISOString(),
    access_limit: row.accessLimit,
    access_count: row.accessCount,
    created_at: row.createdAt.toISOString(),
  } satisfies z.input<typeof ShareLink>;
}
