import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP servers on 127.0.0.1 (an ephemeral port each) for tests of outbound requests:
 * `listen` resolves to the server's origin; `closeAll` drops open connections too (a handler may
 * never answer) and stops them.
 */
export function localServers() {
  const servers: http.Server[] = [];
  return {
    listen(handler: http.RequestListener): Promise<string> {
      return new Promise((resolve) => {
        const s = http
          .createServer(handler)
          .listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
        servers.push(s);
      });
    },
    closeAll(): void {
      for (const s of servers.splice(0)) {
        s.closeAllConnections();
        s.close();
      }
    },
  };
}
