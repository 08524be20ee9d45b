import pg from 'pg';

/**
 * What the product's PostgreSQL backends are doing, sampled from pg_stat_activity every
 * `everyMs` while the work runs: per service (each pool names its schema as application_name,
 * libs/service-kit/src/db/database.ts), how many backends were busy on average and on what they
 * waited — `Lock:advisory` is a pool lock (svc-inventory/src/ledger/poolLock.ts) or another
 * advisory lock, `Client:ClientRead` a transaction waiting for its process, `running` on CPU or I/O.
 */
export class DatabaseWaits {
  private readonly counts = new Map<string, Map<string, number>>();
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> | undefined;

  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async start(databaseUrl: string, database: string, everyMs = 250): Promise<DatabaseWaits> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench sampler' });
    await client.connect();
    const waits = new DatabaseWaits(client, database);
    waits.timer = setInterval(() => (waits.sampling ??= waits.sample().finally(() => (waits.sampling = undefined))), everyMs);
    return waits;
  }

  private async sample(): Promise<void> {
    const { rows } = await this.client.query<{ service: string; doing: string; n: string }>(
      `SELECT application_name AS service,
              CASE WHEN state = 'active' THEN coalesce(wait_event_type || ':' || wait_event, 'running') ELSE state END AS doing,
              count(*) AS n
         FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'
        GROUP BY 1, 2`,
      [this.database],
    );
    this.samples++;
    for (const row of rows) {
      const service = this.counts.get(row.service) ?? new Map<string, number>();
      service.set(row.doing, (service.get(row.doing) ?? 0) + Number(row.n));
      this.counts.set(row.service, service);
    }
  }

  /** Stops sampling; answers one line per service: busy backends on average, and the share of each activity. */
  async stop(): Promise<string[]> {
    clearInterval(this.timer);
    await this.sampling;
    await this.client.end();
    return [...this.counts].map(([service, doing]) => {
      const total = [...doing.values()].reduce((sum, n) => sum + n, 0);
      const shares = [...doing]
        .sort((a, b) => b[1] - a[1])
        .map(([what, n]) => `${what} ${Math.round((n / total) * 100)}%`)
        .join(', ');
      return `${service || '(unnamed)'}: ${(total / Math.max(1, this.samples)).toFixed(1)} busy backends on average (${shares})`;
    });
  }
}
