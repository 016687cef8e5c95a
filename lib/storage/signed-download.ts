import { safeEqual, sign } from '@/lib/crypto';
import { assertValidKey } from '@/lib/storage/keys';

// Presigned URLs for the local-disk driver: the payload is signed with the app secret and
// served by GET /api/v1/files/{token}. S3 uses its own presigning instead. The token carries the
// download's file name and type; the route builds the same headers as a direct download from them.
export type DownloadClaims = { key: string; exp: number; fileName: string; contentType: string };

export function signDownload(claims: DownloadClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign('download', payload)}`;
}

/** The claims of a valid, unexpired token, or null. */
export function verifyDownload(token: string, now = Date.now()): DownloadClaims | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac || !safeEqual(mac, sign('download', payload))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as DownloadClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < now) return null;
    if (typeof claims.fileName !== 'string' || typeof claims.contentType !== 'string') return null;
    assertValidKey(claims.key);
    return claims;
  } catch {
    return null;
  }
}
