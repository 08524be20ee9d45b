import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

/**
 * Who may read a process's /metrics (docs/architecture.md §8): with METRICS_TOKEN set, only the
 * bearer of it, on every process alike, so a scraper holds one secret; without it, whoever
 * `withoutToken` admits (a service: whoever reaches it, which only the cluster does).
 */
export function metricsAccess(token: string | undefined, withoutToken: (ctx: Context) => boolean = () => true): (ctx: Context) => boolean {
  if (!token) return withoutToken;
  const expected = Buffer.from(`Bearer ${token}`);
  return (ctx) => {
    const given = Buffer.from(ctx.get('authorization'));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
