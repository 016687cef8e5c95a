import { withApi } from '@/lib/api/with-api';
import { revokeShareOp } from '@/lib/schemas/shares';
import { revokeShareLink } from '@/lib/shares/manage-share-links';

// DELETE /api/v1/conversions/{id}/shares/{token} – revoke a share link (owner only)
export const DELETE = withApi(revokeShareOp, async ({ caller, params }) => {
  await revokeShareLink(caller, params.id, params.token);
  return { data: { deleted: true } };
});
