import { withApi } from '@/lib/api/with-api';
import { getAccount, updateAccount } from '@/lib/admin/accounts';
import { actorOf } from '@/lib/admin/audit';
import { deleteAccount } from '@/lib/admin/delete-account';
import { deleteAccountOp, getAccountOp, updateAccountOp } from '@/lib/schemas/admin';

// GET /api/v1/admin/accounts/{id} – one account (administrators)
export const GET = withApi(getAccountOp, async ({ params }) => ({ data: await getAccount(params.id) }));

// PATCH /api/v1/admin/accounts/{id} – change plan, verification, disabled mark or role (audited)
export const PATCH = withApi(updateAccountOp, async ({ caller, params, body }) => {
  const { account, stripe_managed, warnings } = await updateAccount(actorOf(caller), params.id, body);
  return { data: { account, stripe_managed, warnings } };
});

// DELETE /api/v1/admin/accounts/{id} – delete an account with its files (audited)
export const DELETE = withApi(deleteAccountOp, async ({ caller, params }) => {
  await deleteAccount(actorOf(caller), params.id);
  return { data: { deleted: true } };
});
