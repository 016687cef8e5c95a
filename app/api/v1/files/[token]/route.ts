import { fileResponse } from '@/lib/api/file-response';
import { withApi } from '@/lib/api/with-api';
import { openSignedDownload } from '@/lib/storage/open-signed-download';
import { signedFileOp } from '@/lib/schemas/system';

// GET /api/v1/files/{token} – presigned download for the local-disk store
export const GET = withApi(signedFileOp, async ({ params }) => fileResponse(await openSignedDownload(params.token)));
