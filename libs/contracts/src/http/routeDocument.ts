import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBodySchema } from './common.js';
import { isPublicRoute, leastRole, type RouteContract } from './routeContract.js';

export const SESSION_SCHEME = 'session';
export const INTERNAL_TOKEN_SCHEME = 'internalToken';

/** The security schemes the routes name: the browser's session cookie, the internal token between services. */
function registerSecuritySchemes(registry: OpenAPIRegistry, routes: readonly RouteContract[]): void {
  if (routes.some((route) => route.caller === 'browser'))
    registry.registerComponent('securitySchemes', SESSION_SCHEME, { type: 'apiKey', in: 'cookie', name: 'pp_session' });
  if (routes.some((route) => route.caller === 'service' || route.caller === 'operator')) {
    registry.registerComponent('securitySchemes', INTERNAL_TOKEN_SCHEME, {
      type: 'apiKey',
      in: 'header',
      name: 'x-printpool-internal',
      description: 'A 60-second HS256 token naming the tenant, the user and, between services, the calling service.',
    });
  }
}

const PATH_PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** `/api/sales-orders/:id` as OpenAPI writes it: `/api/sales-orders/{id}`. */
export const openApiPath = (path: string): string => path.replace(PATH_PARAMETER, '{$1}');

/** The route's path parameters: its own schema, and a string for each one it leaves out. */
function pathParameters(route: RouteContract): z.ZodObject | undefined {
  const names = [...route.path.matchAll(PATH_PARAMETER)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  const declared = route.params?.shape ?? {};
  return z.object(Object.fromEntries(names.map((name) => [name, declared[name] ?? z.string()])));
}

/** What any route may answer when something unforeseen fails (service-kit app.ts). */
export const UNEXPECTED_FAILURE = 'INTERNAL: an unexpected failure, logged with the request id (x-request-id)';

const errorAnswer = (description: string): ResponseConfig => ({ description, content: { 'application/json': { schema: ErrorBodySchema } } });

/** The methods that change something: the gateway holds each to the Origin rule. */
const CHANGES = new Set(['post', 'put', 'patch', 'delete']);
const ORIGIN_REFUSAL =
  "ORIGIN_NOT_ALLOWED: the request's Origin (else its Referer) is not the product's own address (PUBLIC_ORIGIN or ALLOWED_ORIGINS); browsers send it, other clients must";
/** svc-gateway/src/http/originCheck.ts: a change a browser sends names the page it came from, signed in or not (sign-in, contact). */
const originRule = (route: RouteContract) => (route.caller === 'browser' || route.caller === 'anyone') && CHANGES.has(route.method);

/** What every route of its kind may answer besides its own responses. */
function commonErrors(route: RouteContract): Record<number, ResponseConfig> {
  const errors: Record<number, ResponseConfig> = {};
  if (route.params || route.query || route.headers || route.body || route.path.includes(':'))
    errors[400] = errorAnswer('A field is invalid; the message names it');
  if (route.caller === 'browser') errors[401] = errorAnswer('Signed out');
  if (route.caller === 'operator') errors[401] = errorAnswer('No valid internal token');
  if (route.caller === 'service') errors[403] = errorAnswer('Not called by another PrintPool service');
  const refusals = [
    ...(route.caller === 'browser' && leastRole(route) !== 'viewer' ? [`FORBIDDEN: the member's role is below ${leastRole(route)}`] : []),
    ...(originRule(route) ? [ORIGIN_REFUSAL] : []),
  ];
  if (refusals.length > 0) errors[403] = errorAnswer(refusals.join('; or '));
  if (route.path.includes(':')) errors[404] = errorAnswer('No such record for this tenant');
  return errors;
}

function responseConfig(status: number, response: RouteContract['responses'][number]): ResponseConfig {
  if (status >= 400 && !response.body && !response.contentType) return errorAnswer(response.description);
  const headers = response.headers
    ? Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const } }]))
    : undefined;
  const content = response.body
    ? { [response.contentType ?? 'application/json']: { schema: response.body } }
    : response.contentType
      ? { [response.contentType]: { schema: { type: 'string' as const, ...(response.contentType.startsWith('text/') ? {} : { format: 'binary' }) } } }
      : undefined;
  return { description: response.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

function operationId(route: RouteContract): string {
  const words = `${route.method} ${route.path.replace(/^\/api\//, '')}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/**
 * Registers each route with its schemas, security and the errors every route of its kind (and
 * every route here: `everyRoute`; every forwarded one: `forwarded`) may answer. A status the
 * route answers for its own reasons as well is described with both.
 */
function registerRouteContracts(registry: OpenAPIRegistry, routes: readonly RouteContract[], info: Pick<DocumentInfo, 'everyRoute' | 'forwarded'>): void {
  registerSecuritySchemes(registry, routes);
  for (const route of routes) {
    const beside: Record<string, string> = { ...info.everyRoute, ...(info.forwarded?.isForwarded(route) ? info.forwarded.errors : {}) };
    const shared = Object.fromEntries(Object.entries(beside).map(([status, description]) => [status, errorAnswer(description)]));
    const params = pathParameters(route);
    const body = route.body ? { content: { [route.bodyContentType ?? 'application/json']: { schema: route.body } }, required: true } : undefined;
    const config: RouteConfig = {
      method: route.method,
      path: openApiPath(route.path),
      operationId: operationId(route),
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [...route.tags],
      // Intuit's calls and anyone's carry no credential the document could name: an empty list says so.
      security: route.caller === 'browser' ? [{ [SESSION_SCHEME]: [] }] : isPublicRoute(route) ? [] : [{ [INTERNAL_TOKEN_SCHEME]: [] }],
      ...(isPublicRoute(route) ? {} : { 'x-internal': true }),
      request: {
        ...(params ? { params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(route.headers ? { headers: route.headers } : {}),
        ...(body ? { body } : {}),
      },
      responses: {
        ...commonErrors(route),
        ...shared,
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, response]) => [
            status,
            // A route's own 403 (only an owner, …) is said beside the Origin rule, which holds for it too; its own 502 beside the forward's.
            responseConfig(
              Number(status),
              status === '403' && originRule(route)
                ? { ...response, description: `${response.description}; or ${ORIGIN_REFUSAL}` }
                : beside[status] && Number(status) >= 500
                  ? { ...response, description: `${response.description}; or ${beside[status]}` }
                  : response,
            ),
          ]),
        ),
      },
    };
    registry.registerPath(config);
  }
}

export type RouteDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export interface DocumentInfo {
  title: string;
  description: string;
  version?: string;
  /** Where the routes are served; by default where the document came from. */
  serverUrl?: string;
  /** Errors any route may answer whatever its own code does (the gateway's path check, a failure), by status. */
  everyRoute?: Readonly<Record<number, string>>;
  /** Errors of a route answered by another process, the one that forwards it, by status. */
  forwarded?: { isForwarded(route: RouteContract): boolean; errors: Readonly<Record<number, string>> };
}

/** The OpenAPI 3.1 document of `routes`, generated from the zod schemas their callers and servers use. */
export function buildRouteDocument(routes: readonly RouteContract[], info: DocumentInfo): RouteDocument {
  const registry = new OpenAPIRegistry();
  registerRouteContracts(registry, routes, info);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version ?? '0.1.0',
      description: info.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: info.serverUrl ?? '/' }],
  });
}

/** A service's own document: every route it serves, those for other services only marked `x-internal`. */
export function buildServiceOpenApiDocument(service: string, routes: readonly RouteContract[]): RouteDocument {
  return buildRouteDocument(routes, {
    title: `PrintPool ${service}`,
    description: `The routes ${service} serves. Browsers reach the public ones through the gateway; the x-internal ones answer other PrintPool services only.`,
    everyRoute: { 500: UNEXPECTED_FAILURE },
  });
}
