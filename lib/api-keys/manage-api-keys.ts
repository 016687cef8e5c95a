import { AppError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { generateApiKey } from '@/lib/identity/api-key';
import { limitsFor } from '@/lib/plans';

const MAX_KEYS = 50;

const serialize = (k: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});

function accountOf(caller: Caller): string {
  if (!caller.userId) throw new AppError('unauthorized', 'Sign in to manage API keys');
  return caller.userId;
}

export async function listApiKeys(caller: Caller) {
  const keys = await db.apiKey.findMany({ where: { userId: accountOf(caller) }, orderBy: { createdAt: 'desc' } });
  return { api_keys: keys.map(serialize) };
}

/** Creates a key on a paid plan; the secret is in this response only and stored as a hash. */
export async function createApiKey(caller: Caller, name: string) {
  const userId = accountOf(caller);
  if (!limitsFor(caller.plan).apiAccess) throw new AppError('plan_required', 'API keys need a paid plan (Starter, Pro or Business)');
  if ((await db.apiKey.count({ where: { userId } })) >= MAX_KEYS) throw new AppError('conflict', `At most ${MAX_KEYS} API keys per account`);
  const { secret, prefix, keyHash } = generateApiKey();
  const key = await db.apiKey.create({ data: { userId, name, prefix, keyHash } });
  return { ...serialize(key), secret };
}

export async function deleteApiKey(caller: Caller, id: string) {
  const key = await db.apiKey.findUnique({ where: { id }, select: { userId: true } });
  if (!key) throw new AppError('not_found', 'API key not found');
  if (key.userId !== accountOf(caller)) throw new AppError('forbidden', 'This API key belongs to another account');
  await db.apiKey.delete({ where: { id } });
}
