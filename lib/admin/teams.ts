import type { z } from 'zod';
import { db } from '@/lib/db';
import type { AdminTeam } from '@/lib/schemas/admin';
import { type Page, pageOf, pageWindow } from '@/lib/admin/paging';

/** Teams with their owner, plan (the owner's) and members, newest first, a page at a time. */
export async function listTeams(page: number): Promise<Page<z.input<typeof AdminTeam>>> {
  const [rows, total] = await Promise.all([
    db.team.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...pageWindow(page),
      select: {
        id: true,
        name: true,
        createdAt: true,
        owner: { select: { id: true, email: true, plan: true } },
        members: {
          orderBy: { joinedAt: 'asc' },
          select: { role: true, user: { select: { id: true, email: true } } },
        },
      },
    }),
    db.team.count(),
  ]);
  return pageOf(
    rows.map((t) => ({
      id: t.id,
      name: t.name,
      plan: t.owner.plan,
      created_at: t.createdAt.toISOString(),
      owner: { id: t.owner.id, email: t.owner.email },
      members: t.members.map((m) => ({ id: m.user.id, email: m.user.email, role: m.role })),
    })),
    total,
    page,
  );
}
