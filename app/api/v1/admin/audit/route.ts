import { withApi } from '@/lib/api/with-api';
import { listAudit } from '@/lib/admin/audit';
import { listAuditOp } from '@/lib/schemas/admin';

// GET /api/v1/admin/audit – the audit log, newest first (administrators)
export const GET = withApi(listAuditOp, async ({ query }) => ({ data: await listAudit(query.page) }));
