import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { type CancellationContext, type DataStore, ERRORS, type Server, StreamLimiter, type Upload } from '@tus/server';
import { nodeBodyOf } from '@/lib/uploads/node-request';
import { releaseBody } from '@/lib/uploads/request-body';

// @tus/server reads a PATCH (or creation-with-upload POST) body from the web `Request`: undici's
// body stream, then `Readable.fromWeb`, then a PassThrough, before its size limiter and the store.
// Every chunk crosses the web-stream machinery twice; that held tus to half the speed of the parts
// API (bench/uploads.ts). When the web server hands us the Node request (lib/uploads/node-request.ts)
// the body is read from it directly, with the same limits, cancellation and error answers.

type WriteToStore = (
  webStream: ReadableStream | null,
  upload: Upload,
  maxFileSize: number,
  context: CancellationContext,
) => Promise<number>;
type BodyHandler = { store: DataStore; writeToStore: WriteToStore };

/** The Node request of each web body stream handed to @tus/server (see `rememberNodeBody`). */
const nodeBodies = new WeakMap<ReadableStream, IncomingMessage>();

/** Notes the Node request behind `request`'s body, if the server wrapper has it still unread. */
export function rememberNodeBody(request: Request): void {
  const node = request.body ? nodeBodyOf(request) : null;
  if (node && request.body) nodeBodies.set(request.body, node);
}

async function writeNodeBody(
  handler: BodyHandler,
  body: IncomingMessage,
  upload: Upload,
  maxFileSize: number,
  context: CancellationContext,
): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  const limiter = new StreamLimiter(maxFileSize);
  let clientGone = false;
  const onSourceError = () => {
    clientGone = true;
    limiter.destroy(new Error('client gone'));
  };
  // Another request took the upload's lock: end what was written so far, as @tus/server does.
  const onAbort = () => {
    body.unpipe(limiter);
    limiter.end();
  };
  body.once('error', onSourceError);
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    // pipe (not pipeline) from the request, so a refusal never destroys the socket under its answer;
    // the pipeline rejects with the limiter's own error (413) rather than the store's write error.
    body.pipe(limiter);
    return await pipeline(limiter, () => handler.store.write(limiter, upload.id, upload.offset));
  } catch (e) {
    body.unpipe(limiter);
    if (!clientGone) releaseBody(body);
    throw clientGone ? ERRORS.ABORTED : e;
  } finally {
    body.off('error', onSourceError);
    context.signal.removeEventListener('abort', onAbort);
  }
}

/** Makes `server`'s PATCH and POST handlers read remembered Node bodies directly (see the top). */
export function readNodeBodies(server: Server): void {
  for (const handler of [server.handlers.PATCH, server.handlers.POST] as unknown as BodyHandler[]) {
    const original = handler.writeToStore.bind(handler);
    handler.writeToStore = (webStream, upload, maxFileSize, context) => {
      const node = webStream && nodeBodies.get(webStream);
      return node
        ? writeNodeBody(handler, node, upload, maxFileSize, context)
        : original(webStream, upload, maxFileSize, context);
    };
  }
}
