import { create as contentDisposition } from 'content-disposition';
import { Readable } from 'node:stream';

/**
 * A stored file as an attachment. nosniff + a sandboxing CSP mean an HTML or SVG result can
 * never run script on our origin; Content-Disposition comes from a library (RFC 6266/5987).
 */
export function fileResponse(file: {
  stream: Readable;
  size: number | null;
  fileName: string;
  contentType: string;
}): Response {
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Content-Disposition': contentDisposition(file.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  return new Response(Readable.toWeb(file.stream) as ReadableStream, { status: 200, headers });
}
