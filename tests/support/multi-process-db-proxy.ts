// A loopback TCP proxy in front of PostgreSQL, so a test can make the database unreachable for the
// processes behind it (refused connections, open ones cut) and bring it back, without stopping the
// server the rest of the test run uses.
import { createServer, type Server, type Socket, connect } from 'node:net';

export class DatabaseProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /** A proxy to DATABASE_URL's server, listening on a free loopback port. */
  static async start(databaseUrl: string): Promise<DatabaseProxy> {
    const url = new URL(databaseUrl);
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const proxy = new DatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) }, port);
    await proxy.open();
    return proxy;
  }

  /** DATABASE_URL with the proxy in place of the server. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Accepts connections again and passes them to the server. */
  open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  /** The database becomes unreachable: new connections are refused and open ones are cut. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
