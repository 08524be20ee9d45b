import { routeKey, type RouteCaller, type RouteContract } from '@printpool/contracts';

/** What a router holds, as far as its routes go. */
export interface RouteTable {
  stack: readonly { path: string | RegExp; methods: readonly string[] }[];
}

/** `get /api/x` for every method and path the routers serve (HEAD goes with GET). */
export function servedRoutes(routers: readonly RouteTable[]): string[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method.toLowerCase()} ${String(layer.path)}`)),
  );
}

/**
 * Which routers serve a caller's routes: services mount Intuit's and anyone's as their public
 * routers, and an operator's with the browser's (both carry a token naming tenant and user).
 */
export interface MountedRouters {
  browser: readonly RouteTable[];
  service: readonly RouteTable[];
  public: readonly RouteTable[];
}

const mountedAs = (caller: RouteCaller): keyof MountedRouters =>
  caller === 'operator' ? 'browser' : caller === 'browser' || caller === 'service' ? caller : 'public';

/**
 * Throws unless the routers serve exactly the contracts' routes, each to the caller its
 * contract names: a route added without its schemas, or a contract left behind by a removed
 * route, stops the service before it serves anything.
 */
export function routeContractsMatch(routes: readonly RouteContract[], routers: MountedRouters): void {
  const problems: string[] = [];
  for (const mount of Object.keys(routers) as (keyof MountedRouters)[]) {
    const served = new Set(servedRoutes(routers[mount]));
    const declared = new Set(routes.filter((route) => mountedAs(route.caller) === mount).map(routeKey));
    for (const key of served) if (!declared.has(key)) problems.push(`${key} (${mount}) has no route contract`);
    for (const key of declared) if (!served.has(key)) problems.push(`${key} (${mount}) is in the contracts but not served`);
  }
  if (problems.length > 0) throw new Error(`Routes and their contracts disagree:\n  ${problems.join('\n  ')}`);
}
