import { withApi } from '@/lib/api/with-api';
import { listAccounts } from '@/lib/admin/accounts';
import { listAccountsOp } from '@/lib/schemas/admin';

// GET /api/v1/admin/accounts – list and search accounts (administrators)
export const GET = withApi(listAccountsOp, async ({ query }) => ({ data: await listAccounts(query) }));
