import type { z } from 'zod';
import type { AdminAccount, AdminAccountChange, AdminTeam, AuditEntry } from '@/lib/schemas/admin';
import type { AdminServiceOverview } from '@/lib/schemas/admin-service';

/** An item of GET /api/v1/admin/accounts. */
export type AdminAccountJson = z.infer<typeof AdminAccount>;

/** The answer of PATCH /api/v1/admin/accounts/{id}. */
export type AdminAccountChangeJson = z.infer<typeof AdminAccountChange>;

/** An item of GET /api/v1/admin/teams. */
export type AdminTeamJson = z.infer<typeof AdminTeam>;

/** An item of GET /api/v1/admin/audit. */
export type AuditEntryJson = z.infer<typeof AuditEntry>;

/** GET /api/v1/admin/service. */
export type ServiceOverviewJson = z.infer<typeof AdminServiceOverview>;
