import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/crypto';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { type Caller, isOwnedBy, ownerOf } from '@/lib/identity/caller';
import { limitsFor } from '@/lib/plans';
import { storage } from '@/lib/storage';
import { newStorageKey } from '@/lib/storage/keys';
import { CLOUD_IMPORT_TTL_MS, isConfigured } from '@/lib/cloud/providers';
import type { CloudProvider } from '@/lib/domain/cloud-providers';
import { fetchCloudFile } from '@/lib/cloud/fetch-cloud-file';
import { connectionAccessToken, hasConnection } from '@/lib/cloud/cloud-connections';
import { createConversion } from '@/lib/conversions/create-conversion';
import { readStoredHead } from '@/lib/uploads/read-stored-head';

/**
 * POST /cloud/{provider}/download: fetches the file into storage (the caller's plan's upload limit
 * counted while streaming: 413 and nothing kept) and holds it behind a single-use token bound to the
 * caller (the account, or an anonymous caller's guest identity), for 15 minutes.
 */
export async function downloadFromCloud(
  caller: Caller,
  provider: CloudProvider,
  input: { file_id: string; access_token?: string },
) {
  if (!isConfigured(provider))
    throw new AppError('validation_failed', `Cloud provider "${provider}" is not configured`);
  const maxBytes = limitsFor(caller.plan).maxUploadBytes;
  // Without a token of its own, a signed-in caller imports through the account's connection.
  const accessToken =
    input.access_token ??
    (provider !== 's3' && caller.userId && (await hasConnection(caller.userId, provider))
      ? await connectionAccessToken(caller.userId, provider)
      : undefined);
  const file = await fetchCloudFile(provider, input.file_id, accessToken, maxBytes);
  const key = newStorageKey('inputs');
  const { size } = await storage().put(key, file.body); // a failed put leaves nothing behind
  try {
    return await db.cloudImport.create({
      data: {
        token: randomToken(24),
        ...ownerOf(caller),
        provider,
        storageKey: key,
        fileName: file.fileName,
        size: BigInt(size),
        expiresAt: new Date(Date.now() + CLOUD_IMPORT_TTL_MS),
      },
    });
  } catch (e) {
    await storage()
      .delete(key)
      .catch(() => {});
    throw e;
  }
}

/**
 * POST /convert/from-cloud: makes the held file a conversion exactly as an upload's, and redeems
 * the token in the transaction that writes the conversion (a conditional DELETE, so it works once).
 * Every check comes first: a refused target or pair (400) or a used-up allowance (429) leaves the
 * token and its file as they were. Used or expired → 404; another caller's → 403, and the token
 * stays redeemable by its owner (the ownership rule of every token-named resource).
 */
export async function convertFromCloud(caller: Caller, token: string, targetFormat: string) {
  const gone = () => new AppError('not_found', 'Unknown, used or expired cloud import token');
  const held = await db.cloudImport.findFirst({
    where: { token, expiresAt: { gt: new Date() } },
    select: { userId: true, guestId: true, storageKey: true, fileName: true, size: true },
  });
  if (!held) throw gone();
  if (!isOwnedBy(held, caller)) throw new AppError('forbidden', 'This cloud import belongs to another caller');
  const input = {
    key: held.storageKey,
    fileName: held.fileName,
    size: Number(held.size),
    head: await readStoredHead(held.storageKey),
  };
  return createConversion({
    caller,
    input,
    targetFormat,
    keepRefusedInput: true,
    recordIn: async (tx) => {
      const { count } = await tx.cloudImport.deleteMany({ where: { token, expiresAt: { gt: new Date() } } });
      if (count === 0) throw gone();
    },
  });
}

/** Drops expired imports and their files (the retention sweep). */
export async function purgeExpiredCloudImports(): Promise<number> {
  return removeCloudImports(Prisma.sql`expires_at <= now()`);
}

/** Removes an account's fetched files (its deletion). Returns how many. */
export const removeCloudImportsOf = (userId: string) => removeCloudImports(Prisma.sql`user_id = ${userId}`);

/** Drops the rows `where` names, then their files. */
async function removeCloudImports(where: Prisma.Sql): Promise<number> {
  const removed = await db.$queryRaw<Array<{ storage_key: string }>>`
    DELETE FROM cloud_imports WHERE ${where} RETURNING storage_key`;
  for (const row of removed)
    await storage()
      .delete(row.storage_key)
      .catch(() => {});
  return removed.length;
}
