import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { metrics } from '@/lib/observability/metrics';

// Bytes in and out of a web server, read from its sockets' counters: a body read by a route
// straight from the Node request (uploads) or streamed to the client (downloads) is counted as it
// passes, without a listener on the body that would change how it flows. Open connections are
// counted up to the moment of each scrape, so a long upload shows while it runs.

type Counted = { read: number; written: number };

// On globalThis: the web server's bundle counts its connections, and Next's copy of this module
// (the METRICS_PORT listener, instrumentation.ts) must settle them before its scrape too.
const KEY = Symbol.for('transmute.trafficSources');
const shared = globalThis as { [KEY]?: Set<() => void> };
const trafficSources = (shared[KEY] ??= new Set<() => void>());

/** Counts every connection of `server` into transmute_http_received_bytes_total and _served_. */
export function countTraffic(server: Server): void {
  const open = new Map<Socket, Counted>();
  const settle = (socket: Socket, counted: Counted) => {
    const read = socket.bytesRead;
    const written = socket.bytesWritten;
    metrics.bytesReceived.inc(read - counted.read);
    metrics.bytesServed.inc(written - counted.written);
    counted.read = read;
    counted.written = written;
  };
  server.on('connection', (socket: Socket) => {
    const counted = { read: 0, written: 0 };
    open.set(socket, counted);
    socket.once('close', () => {
      settle(socket, counted);
      open.delete(socket);
    });
  });
  trafficSources.add(() => open.forEach((counted, socket) => settle(socket, counted)));
}

/** Brings the byte counters up to date with the connections still open (before a scrape). */
export function settleOpenTraffic(): void {
  trafficSources.forEach((settle) => settle());
}
