import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { z } from 'zod';
import type { AccountCaller } from '@/lib/identity/caller';
import { generateApiKey } from '@/lib/identity/api-key';
import { limitsFor } from '@/lib/plans';
import type { ApiKey } from '@/lib/schemas/api-keys';

const MAX_KEYS = 50;

type KeyRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };

const serialize = (k: KeyRow) =>
  ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
  }) satisfies z.input<typeof ApiKey>;

export async function listApiKeys(caller: AccountCaller) {
  const keys = await db.apiKey.findMany({ where: { userId: caller.userId }, orderBy: { createdAt: 'desc' } });
  return { api_keys: keys.map(serialize) };
}

/** Creates a key on a paid plan; the secret is in this response only and stored as a hash. */
export async function createApiKey(caller: AccountCaller, name: string) {
  const { userId } = caller;
  if (!limitsFor(caller.plan).apiAccess) {
    throw new AppError('plan_required', 'API keys need a paid plan (Starter, Pro or Business)');
  }
  if ((await db.apiKey.count({ where: { userId } })) >= MAX_KEYS) {
    throw new AppError('conflict', `At most ${MAX_KEYS} API keys per account`);
  }
  const { secret, prefix, keyHash } = generateApiKey();
  const key = await db.apiKey.create({ data: { userId, name, prefix, keyHash } });
  return { ...serialize(key), secret };
}

export async function deleteApiKey(caller: AccountCaller, id: string) {
  const key = await db.apiKey.findUnique({ where: { id }, select: { userId: true } });
  if (!key) throw new AppError('not_found', 'API key not found');
  if (key.userId !== caller.userId) throw new AppError('forbidden', 'This API key belongs to another account');
  await db.apiKey.delete({ where: { id } });
}
