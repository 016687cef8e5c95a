// Counts PostgreSQL's connections while a test loads the service: pg_stat_activity sampled on a
// connection of its own, grouped by application_name. Each process of a multi-process test is given
// a DATABASE_URL naming it (`application_name=<process>`, which wins over any name a pool sets), so
// every connection it opens, through any pool or client, counts as that process's.
import pg from 'pg';

/** DATABASE_URL with `application_name` set to `name`. */
export function urlNamed(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

export type ConnectionPeaks = {
  /** The most connections each application_name held at once. */
  byName: Record<string, number>;
  /** The most connections the named processes held together at once. */
  named: number;
  /** The most client connections to the server at once, from anyone (this sampler included). */
  total: number;
  samples: number;
};

export class ConnectionSampler {
  private readonly peaks: ConnectionPeaks = { byName: {}, named: 0, total: 0, samples: 0 };
  private running?: Promise<void>;
  private stopped = false;

  private constructor(
    private readonly client: pg.Client,
    private readonly names: string[],
  ) {}

  /** Starts sampling the connections of the processes named `names`, as often as the server answers. */
  static async start(databaseUrl: string, names: string[]): Promise<ConnectionSampler> {
    const client = new pg.Client({ connectionString: urlNamed(databaseUrl, 'connection-sampler') });
    await client.connect();
    const sampler = new ConnectionSampler(client, names);
    sampler.running = sampler.loop();
    return sampler;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const { rows } = await this.client.query<{ name: string; n: number }>(
        `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
         WHERE backend_type = 'client backend' GROUP BY application_name`,
      );
      let named = 0;
      let total = 0;
      for (const { name, n } of rows) {
        total += n;
        if (!this.names.includes(name)) continue;
        named += n;
        this.peaks.byName[name] = Math.max(this.peaks.byName[name] ?? 0, n);
      }
      this.peaks.named = Math.max(this.peaks.named, named);
      this.peaks.total = Math.max(this.peaks.total, total);
      this.peaks.samples++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The peaks so far. */
  current(): ConnectionPeaks {
    return structuredClone(this.peaks);
  }

  /** Stops sampling; the peaks seen. */
  async stop(): Promise<ConnectionPeaks> {
    this.stopped = true;
    await this.running;
    await this.client.end();
    return this.current();
  }
}

/** The server's max_connections. */
export async function maxConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
    return Number(rows[0].max_connections);
  } finally {
    await client.end();
  }
}
