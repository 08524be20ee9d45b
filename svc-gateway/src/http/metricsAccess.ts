import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The gateway's /metrics: with METRICS_TOKEN, for the bearer of it; without, for this host only (config.ts). */
export function metricsAccess(token: string | undefined): (ctx: Context) => boolean {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return (ctx) => {
    if (!expected) return LOOPBACK.test(ctx.ip);
    const given = Buffer.from(ctx.get('authorization'));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
