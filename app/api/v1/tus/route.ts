import { withApi } from '@/lib/api/with-api';
import { tusCreateOp, tusOptionsOp } from '@/lib/schemas/uploads';
import { createTusUpload } from '@/lib/uploads/tus/requests';
import { tusDiscovery } from '@/lib/uploads/tus/server';

// OPTIONS /api/v1/tus – tus discovery: version, extensions, maximum size
export const OPTIONS = withApi(tusOptionsOp, ({ request }) => tusDiscovery(request));

// POST /api/v1/tus – tus creation (and creation-with-upload)
export const POST = withApi(tusCreateOp, ({ caller, request }) => createTusUpload(caller, request));
