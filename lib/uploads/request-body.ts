import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/api/errors';

/** A raw request body as a Node stream (parts and tus PATCHes send bytes, not forms). */
export function requestBodyStream(request: Request): Readable {
  if (!request.body) throw new AppError('bad_request', 'The request has no body');
  return Readable.fromWeb(request.body as WebReadableStream);
}
