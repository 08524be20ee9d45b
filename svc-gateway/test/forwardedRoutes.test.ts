import { DOCUMENTS_ROUTES, INVENTORY_ROUTES, isPublicRoute, QUICKBOOKS_ROUTES, routeKey, type RouteContract } from '@printpool/contracts';
import { DEFAULT_ROUTE_TABLE, resolveRoute, type ServiceName } from '../src/domain/routeTable.js';

/**
 * The gateway's side of its contract with each service (libs/contracts): every route a service
 * declares for browsers or Intuit is forwarded to that service, without a session exactly when
 * no user calls it; routes only services or operators call are never forwarded; and every entry
 * of the route table leads to a route its service declares. A service that adds, moves or drops
 * a route breaks this test until the gateway follows.
 */
const DECLARED: Record<ServiceName, readonly RouteContract[]> = { sync: QUICKBOOKS_ROUTES, documents: DOCUMENTS_ROUTES, inventory: INVENTORY_ROUTES };
const routes = Object.entries(DECLARED).flatMap(([service, declared]) => declared.map((route) => ({ service, route })));

/** A path the route serves: each parameter given a record id. */
const pathOf = (route: RouteContract) => route.path.replace(/:\w+/g, '7');

describe("the gateway's route table against the services' route contracts", () => {
  it.each(routes.filter(({ route }) => isPublicRoute(route)).map(({ service, route }) => [routeKey(route), service, route] as const))(
    'forwards %s to svc-%s',
    (_key, service, route) => {
      const entry = resolveRoute(DEFAULT_ROUTE_TABLE, pathOf(route));
      expect(entry?.service).toBe(service);
      expect(Boolean(entry?.public)).toBe(route.caller === 'intuit' || route.caller === 'anyone');
    },
  );

  it.each(routes.filter(({ route }) => !isPublicRoute(route)).map(({ route }) => [routeKey(route), route] as const))('never forwards %s', (_key, route) => {
    expect(resolveRoute(DEFAULT_ROUTE_TABLE, pathOf(route))).toBeNull();
  });

  it.each(DEFAULT_ROUTE_TABLE.map((entry) => [entry.path, entry] as const))('leads %s to a route its service declares', (_path, entry) => {
    const reached = DECLARED[entry.service].filter((route) => isPublicRoute(route) && resolveRoute([entry], pathOf(route)) !== null);
    expect(reached.map(routeKey)).not.toEqual([]);
  });
});
