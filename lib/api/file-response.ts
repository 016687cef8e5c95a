import { create as contentDisposition } from 'content-disposition';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * A stored file as an attachment. nosniff + a sandboxing CSP mean an HTML or SVG result can
 * never run script on our origin; Content-Disposition comes from a library (RFC 6266/5987).
 */
export function fileResponse(file: {
  /** A Node stream, or a web stream (the batch ZIP: no Node-to-web adapter on its hot path). */
  stream: Readable | NodeReadableStream<Uint8Array>;
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
  const body = file.stream instanceof Readable ? Readable.toWeb(file.stream) : file.stream;
  return new Response(body as ReadableStream, { status: 200, headers });
}
