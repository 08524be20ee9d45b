import type { Knex } from 'knex';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the caller's window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): Promise<RateLimitDecision>;
}

/** Expired windows are removed once every this many hits of a process, so the table stays small. */
const PRUNE_EVERY = 500;

/**
 * A fixed-window counter per key (client address) in the gateway's database: one statement
 * counts the hit and starts a new window when the last one ended, on the database's clock, so
 * every replica of the gateway counts against the same budget however a load balancer spreads
 * an address's requests (docs/architecture.md §1).
 */
export function createRateLimiter(knex: Knex, name: string, options: { max: number; windowMs: number }): RateLimiter {
  let hits = 0;
  return {
    async hit(key) {
      if (++hits % PRUNE_EVERY === 0) await knex('rate_limit_windows').where('reset_at', '<', knex.fn.now()).delete();
      const { rows } = await knex.raw<{ rows: { count: number; retry_after: number }[] }>(
        `INSERT INTO rate_limit_windows AS w (name, key, count, reset_at)
         VALUES (?, ?, 1, clock_timestamp() + make_interval(secs => ?))
         ON CONFLICT (name, key) DO UPDATE SET
           count = CASE WHEN w.reset_at <= clock_timestamp() THEN 1 ELSE w.count + 1 END,
           reset_at = CASE WHEN w.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE w.reset_at END
         RETURNING count, ceil(extract(epoch FROM w.reset_at - clock_timestamp()))::int AS retry_after`,
        [name, key, options.windowMs / 1000],
      );
      const { count, retry_after } = rows[0]!;
      return { allowed: count <= options.max, retryAfterSeconds: Math.max(1, retry_after) };
    },
  };
}
