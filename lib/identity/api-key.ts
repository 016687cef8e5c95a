import { randomToken, sha256 } from '@/lib/crypto';
import { Prisma } from '@/lib/generated/prisma/client';
import {
  ACCOUNT_PLAN_COLUMNS,
  ACCOUNT_PLAN_JOINS,
  ACCOUNT_USABLE,
  type AccountIdentity,
  type AccountPlanColumns,
  identityOf,
} from '@/lib/identity/account-plan';
import { preparedQuery } from '@/lib/prepared-sql';

// API keys look like `tm_<random>`; only their SHA-256 is stored.
const API_KEY_PREFIX = 'tm_';

export const looksLikeApiKey = (value: string) => value.startsWith(API_KEY_PREFIX);

export function generateApiKey(): { secret: string; prefix: string; keyHash: string } {
  const secret = `${API_KEY_PREFIX}${randomToken(24)}`;
  return { secret, prefix: secret.slice(0, 10), keyHash: sha256(secret) };
}

const hashApiKey = (secret: string) => sha256(secret);

export type KeyAccount = { id: string; lastUsedAt: Date | null; userId: string; account: AccountIdentity };

/** The key with this secret, when it was last used, and its owner's identity; null when there is none (or its owner is disabled). */
export async function findApiKey(secret: string): Promise<KeyAccount | null> {
  const [row] = await preparedQuery<AccountPlanColumns & { id: string; lastUsedAt: Date | null; userId: string }>(
    Prisma.sql`SELECT k.id, k.last_used_at AS "lastUsedAt", u.id AS "userId", ${ACCOUNT_PLAN_COLUMNS}
      FROM api_keys k JOIN users u ON u.id = k.user_id ${ACCOUNT_PLAN_JOINS}
      WHERE k.key_hash = ${hashApiKey(secret)} AND ${ACCOUNT_USABLE}`,
  );
  if (!row) return null;
  return { id: row.id, lastUsedAt: row.lastUsedAt, userId: row.userId, account: identityOf(row) };
}
