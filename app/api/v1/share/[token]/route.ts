import { withApi } from '@/lib/api/with-api';
import { resolveShareOp } from '@/lib/schemas/shares';
import { resolveShareLink } from '@/lib/shares/resolve-share-link';

// GET /api/v1/share/{token} – what a share link holds (open)
export const GET = withApi(resolveShareOp, async ({ params }) => ({ data: await resolveShareLink(params.token) }));
