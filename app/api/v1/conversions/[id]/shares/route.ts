import { withApi } from '@/lib/api/with-api';
import { publicOrigin } from '@/lib/http/public-origin';
import { listSharesOp } from '@/lib/schemas/shares';
import { listShareLinks } from '@/lib/shares/manage-share-links';
import { serializeShare } from '@/lib/shares/serialize-share';

// GET /api/v1/conversions/{id}/shares – the conversion's share links (owner only)
export const GET = withApi(listSharesOp, async ({ caller, params }) => {
  const origin = publicOrigin();
  const rows = await listShareLinks(caller, params.id);
  return { data: { shares: rows.map((row) => serializeShare(row, origin)) } };
});
