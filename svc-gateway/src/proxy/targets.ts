import http, { type RequestListener } from 'node:http';
import https from 'node:https';
import type { ServiceName } from '../domain/routeTable.js';

/**
 * Where a service is reached: its base URL (distributed mode), or its request listener in
 * this process (all-in-one mode: the service's Koa `app.callback()`).
 */
export type ServiceTarget = string | URL | RequestListener;

export type ServiceTargets = Partial<Record<ServiceName, ServiceTarget>>;

export type ResolvedTarget = { kind: 'url'; base: URL; agent: http.Agent } | { kind: 'listener'; listener: RequestListener };

/** Keep-alive agents per service, so each forwarded call does not pay for a new connection. */
export function resolveTargets(targets: ServiceTargets): Partial<Record<ServiceName, ResolvedTarget>> {
  const resolved: Partial<Record<ServiceName, ResolvedTarget>> = {};
  for (const [name, target] of Object.entries(targets) as [ServiceName, ServiceTarget | undefined][]) {
    if (!target) continue;
    if (typeof target === 'function') {
      resolved[name] = { kind: 'listener', listener: target };
      continue;
    }
    const base = new URL(String(target));
    const Agent = base.protocol === 'https:' ? https.Agent : http.Agent;
    resolved[name] = { kind: 'url', base, agent: new Agent({ keepAlive: true, maxSockets: 64 }) };
  }
  return resolved;
}

export function closeTargets(targets: Partial<Record<ServiceName, ResolvedTarget>>): void {
  for (const target of Object.values(targets)) if (target?.kind === 'url') target.agent.destroy();
}
