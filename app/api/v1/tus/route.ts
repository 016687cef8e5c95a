import { withApi } from '@/lib/api/with-api';
import { tusCreateOp } from '@/lib/schemas/uploads';
import { createTusUpload } from '@/lib/uploads/tus-requests';

// POST /api/v1/tus – tus creation (and creation-with-upload)
export const POST = withApi(tusCreateOp, ({ caller, request }) => createTusUpload(caller, request));
