import type { z } from 'zod';
import type { AdminAccount, AdminAccountChange } from '@/lib/schemas/admin';
import type { AdminServiceOverview } from '@/lib/schemas/admin-service';

/** An item of GET /api/v1/admin/accounts. */
export type AdminAccountJson = z.infer<typeof AdminAccount>;

/** The answer of PATCH /api/v1/admin/accounts/{id}. */
export type AdminAccountChangeJson = z.infer<typeof AdminAccountChange>;

/** GET /api/v1/admin/service. */
export type ServiceOverviewJson = z.infer<typeof AdminServiceOverview>;
