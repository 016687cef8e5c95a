import { AppError } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { verifyDownload } from '@/lib/storage/signed-download';

/** The file behind a presigned local-disk URL: 404 when the token is bad, expired or its file is gone. */
export async function openSignedDownload(token: string) {
  const claims = verifyDownload(token);
  const notFound = new AppError('not_found', 'This link is invalid or has expired');
  if (!claims) throw notFound;
  const size = await storage().size(claims.key);
  if (size === null) throw notFound;
  return { stream: await storage().get(claims.key), size, fileName: claims.fileName, contentType: claims.contentType };
}
