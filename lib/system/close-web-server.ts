import type { Server } from 'node:http';
import { announceShutdown, shutdownDeadlineMs } from '@/lib/runtime/process-shutdown';

/**
 * A web process's stop: no new connections, progress streams told to reconnect elsewhere, every
 * request in flight (an upload's body, a download) allowed to finish until the deadline, then any
 * connection left is cut. Kept-alive connections are closed as soon as they are idle, so a client
 * does not send its next request to a process on its way out. Resolves with whether everything
 * finished in time.
 */
export function closeWebServer(server: Server, deadlineMs = shutdownDeadlineMs()): Promise<boolean> {
  announceShutdown();
  return new Promise<boolean>((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      clearInterval(idle);
      server.closeAllConnections();
      resolve(false);
    }, deadlineMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve(true);
    });
    server.closeIdleConnections();
  });
}
