import type { Context, Next } from 'koa';
import { setTimeout as sleep } from 'node:timers/promises';
import { qboResponseTime, type Clock } from '../clock.js';
import type { TokenStore } from '../oauth/token-store.js';
import type { Realm } from '../store/realm.js';
import type { SandboxStore } from '../store/store.js';
import type { FaultInjector } from './fault-injection.js';
import { authenticationFailedBody, faultBody, faults, throttleBody } from './faults.js';
import type { RealmLimiter } from './limits.js';
import { sendJson } from './respond.js';

export interface GateDeps {
  clock: Clock;
  store: SandboxStore;
  tokens: TokenStore;
  limiter: RealmLimiter;
  injector: FaultInjector;
}

export interface ApiState {
  realm: Realm;
}

/** Intuit's 429, in XML whatever the client asked for. */
export function throttled(ctx: Context, clock: Clock): void {
  ctx.status = 429;
  ctx.type = 'application/xml';
  ctx.body = throttleBody(qboResponseTime(clock.now()));
}

/**
 * What stands between a client and the v3 handlers, in Intuit's order: throttling per
 * realm, then (for tests) injected faults, then the bearer token and its realm, then the
 * minor version asked for.
 */
export function apiGate({ clock, store, tokens, limiter, injector }: GateDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const realmId = String(ctx.params.realmId);
    if (!limiter.admit(realmId)) return throttled(ctx, clock);
    try {
      const plan = injector.take(realmId);
      if (plan.latencyMs > 0) await sleep(plan.latencyMs);
      if (plan.failure?.kind === '429') return throttled(ctx, clock);
      if (plan.failure?.kind === '5xx') {
        const fault = faults.system(plan.failure.status);
        return sendJson(ctx, fault.status, faultBody(fault, qboResponseTime(clock.now())));
      }
      const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
      const grant = match ? tokens.verify(match[1]!) : 'invalid';
      if (typeof grant === 'string') {
        const detail = grant === 'expired' ? `Token expired: ${match![1]!.slice(-12)}` : 'Token invalid';
        ctx.set('WWW-Authenticate', 'Bearer realm="Intuit", error="invalid_token"');
        return sendJson(ctx, 401, authenticationFailedBody(detail, qboResponseTime(clock.now())));
      }
      const realm = store.realm(realmId);
      if (!realm || grant.realmId !== realmId) {
        const fault = faults.applicationAuthorization();
        return sendJson(ctx, fault.status, faultBody(fault, qboResponseTime(clock.now())));
      }
      const minorVersion = ctx.query.minorversion;
      if (minorVersion !== undefined && !(typeof minorVersion === 'string' && /^\d{1,4}$/.test(minorVersion))) {
        const fault = faults.invalidMinorVersion(String(minorVersion));
        return sendJson(ctx, fault.status, faultBody(fault, qboResponseTime(clock.now())));
      }
      (ctx.state as ApiState).realm = realm;
      await next();
    } finally {
      limiter.release(realmId);
    }
  };
}
