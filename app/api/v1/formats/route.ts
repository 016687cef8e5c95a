import { withApi } from '@/lib/api/with-api';
import { listFormats } from '@/lib/engines/registry';
import { formatsOp } from '@/lib/schemas/system';

// GET /api/v1/formats – each input format with the targets it converts to
export const GET = withApi(formatsOp, async () => ({ data: { formats: listFormats() } }));
