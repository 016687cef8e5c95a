import type { IncomingMessage, ServerResponse } from 'node:http';

// A request body that stops arriving would hold its connection, and whatever its handler holds for
// it, for as long as the client likes: the web server turns Node's request timeout off (a large
// upload streams for as long as it needs), and a socket timeout would also count the pauses we make
// ourselves (a body waiting for its handler, or for a slow disk). So each body still arriving is
// watched, and counted as stalled only while its reader is waiting for bytes: when none has come for
// `idleMs` then, `onStall` ends it (the web server answers 408 and closes the connection; the
// handler's reader sees the body break off and removes what it stored).

type Watched = { req: IncomingMessage; res: ServerResponse; bytes: number; since: number };

/** Returns the web server's per-request watch; its timer runs only while some body is watched. */
export function stalledBodyWatch(
  idleMs: () => number,
  onStall: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    const now = Date.now();
    const limit = idleMs();
    for (const w of watched) {
      if (w.req.complete || w.req.destroyed) {
        watched.delete(w);
        continue;
      }
      const bytes = w.req.socket?.bytesRead ?? w.bytes;
      // Not waiting on the client (no reader yet, or a reader that paused it): not its stall.
      if (bytes !== w.bytes || w.req.readableFlowing !== true) {
        w.bytes = bytes;
        w.since = now;
      } else if (now - w.since >= limit) {
        watched.delete(w);
        onStall(w.req, w.res);
      }
    }
    if (watched.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return (req, res) => {
    if (req.complete) return;
    const w = { req, res, bytes: req.socket?.bytesRead ?? 0, since: Date.now() };
    watched.add(w);
    req.once('end', () => watched.delete(w));
    req.once('close', () => watched.delete(w));
    // A tenth of the limit (at most a second): a stall is ended within 10 % of its due time.
    timer ??= setInterval(check, Math.min(1000, idleMs() / 10)).unref();
  };
}

/**
 * Makes `res` ignore whatever is written to it from now on: the handler of a body ended here may
 * still answer after our 408, and Node would throw on its headers.
 */
export function ignoreLaterWrites(res: ServerResponse): void {
  const self = () => res;
  Object.assign(res, {
    writeHead: self,
    setHeader: self,
    appendHeader: self,
    removeHeader: () => {},
    flushHeaders: () => {},
    addTrailers: () => {},
    write: () => true,
    end: (...args: unknown[]) => {
      const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return res;
    },
  });
}
