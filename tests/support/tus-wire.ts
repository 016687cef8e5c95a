// How a tus 1.0 client writes its requests, for the tests that speak the protocol by hand.
import { expect } from 'vitest';

/** The protocol version every tus request but OPTIONS carries. */
export const TUS_RESUMABLE = { 'Tus-Resumable': '1.0.0' };

/** `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** The headers of a PATCH that appends bytes at `offset`. */
export const tusPatchHeaders = (offset: number) => ({
  'Upload-Offset': String(offset),
  'Content-Type': 'application/offset+octet-stream',
});

/** Creates (POST) a tus upload of `size` bytes of a PNG to convert to WebP; answers its token. */
export async function createTusUpload(base: string, auth: Record<string, string>, size: number): Promise<string> {
  const res = await fetch(`${base}/api/v1/tus`, {
    method: 'POST',
    headers: {
      ...TUS_RESUMABLE,
      ...auth,
      'Upload-Length': String(size),
      'Upload-Metadata': tusMetadata({ filename: 'photo.png', target_format: 'webp' }),
    },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}
