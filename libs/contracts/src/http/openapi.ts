import { isPublicRoute, type RouteContract } from './routeContract.js';
import { buildRouteDocument, UNEXPECTED_FAILURE, type RouteDocument } from './routeDocument.js';
import { GATEWAY_ROUTES } from './routes/gateway.js';
import { DOCUMENTS_ROUTES } from './routes/documents.js';
import { INVENTORY_ROUTES } from './routes/inventory.js';
import { QUICKBOOKS_ROUTES } from './routes/quickbooks.js';

/** Every service's routes behind the gateway; those only services or operators call are left out of the public document. */
export const SERVICE_ROUTES = [...QUICKBOOKS_ROUTES, ...DOCUMENTS_ROUTES, ...INVENTORY_ROUTES];

const FORWARDED = new Set<RouteContract>(SERVICE_ROUTES);

/** Every route a browser or Intuit may call: the gateway's own and those it forwards. */
export const PUBLIC_ROUTES = [...GATEWAY_ROUTES, ...SERVICE_ROUTES.filter(isPublicRoute)];

/** The public OpenAPI 3.1 document, generated from the zod schemas both sides use. */
export function buildGatewayOpenApiDocument(options: { version?: string; serverUrl?: string } = {}): RouteDocument {
  return buildRouteDocument(PUBLIC_ROUTES, {
    title: 'PrintPool',
    description:
      'Every route a browser (or Intuit) may call. The gateway answers its own and forwards the rest to the owning service (docs/architecture.md §2) for a signed-in user.',
    // The gateway refuses a path it could read as another before anything else (docs/architecture.md §3).
    everyRoute: {
      400: 'The request path is not in normal form, or a field is invalid; the message names it',
      500: UNEXPECTED_FAILURE,
      503: 'STARTING: PrintPool is starting (the all-in-one process, in its first seconds); try again in a moment',
    },
    forwarded: {
      isForwarded: (route) => FORWARDED.has(route),
      errors: {
        502: 'BAD_GATEWAY: the service that owns the route is unavailable (a GET is tried once more first)',
        504: 'GATEWAY_TIMEOUT: the service that owns the route did not answer in time',
      },
    },
    ...options,
  });
}
