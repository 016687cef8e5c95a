import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { removeConversion } from '@/lib/conversions/delete-conversion';
import { removeUpload } from '@/lib/uploads/parts/abandon';
import { removeCloudImportsOf } from '@/lib/cloud/cloud-imports';
import { assertNotSelfLockout } from '@/lib/admin/accounts';
import { type AdminActor, recordAudit } from '@/lib/admin/audit';

const BATCH = 200;

/**
 * Deletes an account with everything it has. Its files go first, each with the row that points at
 * it (as a person's own deletion of a conversion or upload does, running jobs stopped first), so no
 * file outlives its row; then the account's row, whose deletion takes its other rows (keys,
 * sessions, batches, webhooks, a team it owns) with it, in one transaction with the audit entry.
 */
type DeletedAccount = { email: string; conversions: number; uploads: number; cloudImports: number };

export async function deleteAccount(actor: AdminActor, id: string): Promise<DeletedAccount> {
  assertNotSelfLockout(actor, id, { deleted: true });
  const account = await db.user.findUnique({ where: { id }, select: { email: true, plan: true, role: true } });
  if (!account) throw new AppError('not_found', 'Account not found');

  let conversions = 0;
  for (let batch = await conversionsOf(id); batch.length > 0; batch = await conversionsOf(id)) {
    for (const row of batch) await removeConversion(row);
    conversions += batch.length;
  }
  // After the conversions: an upload that became one leaves its bytes to it, now gone.
  let uploads = 0;
  for (let batch = await uploadsOf(id); batch.length > 0; batch = await uploadsOf(id)) {
    for (const upload of batch) await removeUpload(upload);
    uploads += batch.length;
  }
  const cloudImports = await removeCloudImportsOf(id);

  await db.$transaction(async (tx) => {
    const { count } = await tx.user.deleteMany({ where: { id } });
    if (count === 0) throw new AppError('not_found', 'Account not found');
    await recordAudit(tx, actor, {
      action: 'account.delete',
      target: { id, email: account.email },
      details: { plan: account.plan, role: account.role, conversions, uploads, cloud_imports: cloudImports },
    });
  });
  return { email: account.email, conversions, uploads, cloudImports };
}

const conversionsOf = (userId: string) =>
  db.conversion.findMany({
    where: { userId },
    select: { id: true, status: true, progress: true, inputKey: true, resultKey: true },
    take: BATCH,
  });

const uploadsOf = (userId: string) =>
  db.upload.findMany({
    where: { userId },
    select: { token: true, protocol: true, storageKey: true, storageUploadId: true, conversionId: true },
    take: BATCH,
  });
