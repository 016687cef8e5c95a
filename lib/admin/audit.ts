import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AccountCaller } from '@/lib/identity/caller';
import type { AuditEntry } from '@/lib/schemas/admin';
import { type Page, pageOf, pageWindow } from '@/lib/admin/paging';

type Tx = Prisma.TransactionClient;

/**
 * Who acts: an administrator's account from where they called (the client address), or an admin
 * command on the server (`id` null, origin "cli").
 */
export type AdminActor = { id: string | null; origin: string };

/** The actor of an admin command run on the server. */
export const CLI_ACTOR: AdminActor = { id: null, origin: 'cli' };

export type AuditRecord = {
  action: string;
  /** The account acted on; an invitation's has no id yet. */
  target: { id: string | null; email: string } | null;
  details: Prisma.InputJsonObject;
};

/**
 * Writes what an administrator did, inside `tx`: the transaction of the change itself, so there is
 * never a change without its entry nor an entry without its change.
 */
export async function recordAudit(tx: Tx, actor: AdminActor, record: AuditRecord): Promise<void> {
  const actorEmail = actor.id
    ? ((await tx.user.findUnique({ where: { id: actor.id }, select: { email: true } }))?.email ?? actor.id)
    : 'cli';
  await tx.auditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail,
      action: record.action,
      targetId: record.target?.id ?? null,
      targetEmail: record.target?.email ?? null,
      details: record.details,
      origin: actor.origin,
    },
  });
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(page: number): Promise<Page<z.input<typeof AuditEntry>>> {
  const [rows, total] = await Promise.all([
    db.auditEntry.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageWindow(page) }),
    db.auditEntry.count(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action,
      target: r.targetId || r.targetEmail ? { id: r.targetId, email: r.targetEmail } : null,
      details: (r.details ?? {}) as Record<string, unknown>,
      origin: r.origin,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page,
  );
}

/** The actor of an administrators' API request: the account and the address it called from. */
export const actorOf = (caller: AccountCaller): AdminActor => ({ id: caller.userId, origin: caller.clientAddress });
