import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/errors';
import { nodeBodyOf } from '@/lib/uploads/node-request';

/** How long a refused body may keep arriving (read and dropped) so the client can read our answer. */
const DRAIN_MS = 15_000;

/**
 * A request body as a Node stream: straight from the socket when the web server hands us the Node
 * request (no per-chunk copy, no web→Node bridge), else (route handlers called in process) the web
 * stream.
 */
export function requestBodyStream(request: Request): Readable {
  if (!request.body) throw new AppError('bad_request', 'The request has no body');
  return nodeBodyOf(request) ?? Readable.fromWeb(request.body as WebReadableStream);
}

/**
 * Stops using a body we answer before its end (413 at the limit, 400). Destroying the Node request
 * would reset the socket, and the reset discards our answer from the client's receive buffer while
 * it is still sending: so read and drop the rest for up to DRAIN_MS, then close. A web stream (or a
 * client already gone) is simply destroyed.
 */
export function releaseBody(body: Readable): void {
  const req = body as Partial<IncomingMessage>;
  if (typeof req.socket !== 'object' || body.destroyed || body.readableEnded) return void body.destroy();
  const stop = setTimeout(() => body.destroy(), DRAIN_MS);
  stop.unref();
  body.once('end', () => clearTimeout(stop));
  body.once('close', () => clearTimeout(stop));
  body.resume();
}
