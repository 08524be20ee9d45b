import type { z } from 'zod';
import type { MemberRole } from './roleRank.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who calls a route: a signed-in browser through the gateway, another PrintPool service only
 * (an internal token naming the calling service), an operator at the service itself with an
 * internal token for the tenant (operations such as reconcile, which the gateway never
 * forwards), Intuit (no session; the route verifies the call itself: OAuth state, webhook
 * signature), or anyone (sign-in, the contact form, the documents the shell starts from).
 */
export type RouteCaller = 'browser' | 'service' | 'operator' | 'intuit' | 'anyone';

export interface ResponseContract {
  description: string;
  /** The JSON body; absent for an empty answer or one that `contentType` describes. */
  body?: z.ZodType;
  /** A body that is not JSON: a PDF, a CSV file, an event stream. */
  contentType?: string;
  /** Response headers the caller reads, by name, with what they say. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * One HTTP route of a service, as its callers may rely on it: the schemas the service parses
 * its input with and answers by. The service refuses to start when its routers and its
 * contracts disagree (createServiceApp), and its OpenAPI document is generated from them.
 */
export interface RouteContract {
  method: HttpMethod;
  /** As the router declares it: `/api/sales-orders/:id`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  caller: RouteCaller;
  /**
   * The least role a member needs for a browser's call (docs/product.md §6); absent, `get` needs
   * a viewer and any other method staff. Services and the gateway refuse a lower role with 403.
   */
  role?: MemberRole;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads, by name as HTTP spells them. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is not JSON (an upload's multipart form). */
  bodyContentType?: string;
  responses: Readonly<Record<number, ResponseContract>>;
}

/** Whether browsers, Intuit or anyone reach the route through the gateway: what the public OpenAPI document lists. */
export const isPublicRoute = (route: Pick<RouteContract, 'caller'>): boolean => route.caller !== 'service' && route.caller !== 'operator';

/** `get /api/sales-orders/:id`: how a route is named in checks and messages. */
export const routeKey = (route: Pick<RouteContract, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The least role a browser's call of the route needs: its contract's `role`, else viewer to read and staff to change. */
export const leastRole = (route: Pick<RouteContract, 'method' | 'role'>): MemberRole => route.role ?? (route.method === 'get' ? 'viewer' : 'staff');
