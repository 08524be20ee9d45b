import type { Context } from 'koa';
import { metricsAccess as bearerOf } from '@printpool/service-kit';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The gateway's /metrics: with METRICS_TOKEN, for the bearer of it; without, for this host only, since the internet reaches this process (config.ts). */
export function metricsAccess(token: string | undefined): (ctx: Context) => boolean {
  return bearerOf(token, (ctx) => LOOPBACK.test(ctx.ip));
}
