import type { IncomingMessage } from 'node:http';

/** How long the rest of an unread body is read and dropped before the connection is cut anyway. */
const LINGER_MS = 15_000;

/**
 * An answer sent before the body is read (413 for a file over the limit, a 400) makes Next drop the
 * request stream; Node then destroys the socket, and a client still sending gets a connection reset
 * instead of the answer. Here such a destroy reads and drops the rest of the body instead, for up to
 * LINGER_MS (nginx's "lingering close"); the connection stays usable if the body ends. (Closing it
 * right after the answer would reset it too: unread bytes at close are a reset.) A client that went
 * away (destroy with an error, socket gone) is still destroyed at once.
 */
export function lingerOnEarlyAnswer(req: IncomingMessage): void {
  const destroy = req.destroy.bind(req);
  req.destroy = (error?: Error) => {
    if (error || req.complete || req.socket?.destroyed) return destroy(error);
    req.removeAllListeners('data');
    req.resume();
    const timer = setTimeout(() => destroy(), LINGER_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    return req;
  };
}
