import type { z } from 'zod';
import type { ErrorBody } from './common.js';
import type { GATEWAY_ROUTES } from './routes/gateway.js';
import type { DOCUMENTS_ROUTES } from './routes/documents.js';
import type { INVENTORY_ROUTES } from './routes/inventory.js';
import type { QUICKBOOKS_ROUTES } from './routes/quickbooks.js';

/**
 * Typed calls of the product's routes, from their contracts alone: a caller names a route as
 * `routeKey` spells it ('post /api/purchase-orders/:id/receipts') and gets its params, query,
 * body and headers checked, and its answer typed, by the schemas the service itself parses and
 * answers with (routeContract.ts). The browser (libs/platform callRoute), the browser tests and
 * the services' tests build their requests with `routeRequest`, so no caller writes a body or an
 * entity type of its own.
 */
export type KnownRoute =
  (typeof GATEWAY_ROUTES)[number] | (typeof DOCUMENTS_ROUTES)[number] | (typeof INVENTORY_ROUTES)[number] | (typeof QUICKBOOKS_ROUTES)[number];

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** Every route's name: `<method> <path>` as its router declares it. */
export type RouteName = KeyOf<KnownRoute>;

/** The contract a name stands for. */
export type RouteNamed<N extends RouteName> = KnownRoute extends infer R ? (R extends unknown ? (KeyOf<R> extends N ? R : never) : never) : never;

type SchemaOf<R, F extends string> = R extends { readonly [K in F]: infer S extends z.ZodType } ? S : never;

/** A path's `:name` parts, each filled with an id or a name as it is written in the path. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsPart<R> = R extends { path: infer P extends string }
  ? [PathParams<P>] extends [never]
    ? unknown
    : { params: Record<PathParams<P>, string | number> }
  : unknown;
type QueryPart<R> = [SchemaOf<R, 'query'>] extends [never]
  ? unknown
  : { query?: Partial<Record<keyof z.input<SchemaOf<R, 'query'>>, string | number | boolean | null | undefined>> };
type BodyPart<R> = [SchemaOf<R, 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<R, 'body'>> };
type HeadersPart<R> = [SchemaOf<R, 'headers'>] extends [never]
  ? { headers?: Readonly<Record<string, string>> }
  : { headers: z.input<SchemaOf<R, 'headers'>> & Readonly<Record<string, string>> };

/** What a call of the route sends: its path's params, query, body and the headers it reads. */
export type RouteInput<N extends RouteName> = ParamsPart<RouteNamed<N>> & QueryPart<RouteNamed<N>> & BodyPart<RouteNamed<N>> & HeadersPart<RouteNamed<N>>;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<R> = R extends { responses: infer S } ? S : never;
type AnswerBody<S> = S extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;

/** The JSON a route answers with on success (its 200, 201 or 202 body); undefined when it answers with none. */
export type RouteAnswer<N extends RouteName> = {
  [S in keyof Responses<RouteNamed<N>> & SuccessStatus]: AnswerBody<Responses<RouteNamed<N>>[S]>;
}[keyof Responses<RouteNamed<N>> & SuccessStatus];

/** A status as its contract's responses key it: a number, or its digits where the responses were spread in from another object. */
type StatusOf<K> = K extends number ? K : K extends `${infer S extends number}` ? S : never;

/** The statuses a route's contract lists. */
type ListedStatus<N extends RouteName> = StatusOf<keyof Responses<RouteNamed<N>>>;

/** The response a route's contract lists for `S`, if any. */
type ListedResponse<N extends RouteName, S extends number> =
  Responses<RouteNamed<N>> extends infer R ? (S extends keyof R ? R[S] : `${S}` extends keyof R ? R[`${S}`] : unknown) : never;

/**
 * Errors any route may answer besides those its contract lists (routeDocument.ts commonErrors, the
 * gateway's path check, a fault), each with the error body.
 */
type CommonErrorStatus = 400 | 401 | 403 | 404 | 500;

/** Every status a call of the route may be answered with. */
export type RouteStatus<N extends RouteName> = ListedStatus<N> | CommonErrorStatus;

/**
 * The body of the route's answer at `S`: the schema its contract gives that status; none for a
 * success or a redirect without one; for a failure without one, the error body every route answers
 * with (ErrorBodySchema, as the OpenAPI document says: routeDocument.ts).
 */
export type RouteAnswerAt<N extends RouteName, S extends number> =
  ListedResponse<N, S> extends { body: infer B extends z.ZodType } ? z.output<B> : `${S}` extends `${4 | 5}${string}` ? ErrorBody : undefined;

/** An answer of the route, its body typed by its status: a caller reads a refusal as surely as a success, once it has checked which it got. */
export type RouteResponse<N extends RouteName> = { [S in RouteStatus<N>]: { status: S; body: RouteAnswerAt<N, S> } }[RouteStatus<N>];

/** A route's call as HTTP: the method, the URL below the gateway's origin, the headers and the JSON body. */
export interface RouteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  /** Absent for a call with no body; an object to send as JSON. */
  body?: unknown;
}

interface AnyInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

/** Fills the path's `:name` parts (each encoded) and appends the query's set values. */
export function routeRequest<N extends RouteName>(name: N, input: RouteInput<N>): RouteRequest {
  const { params = {}, query = {}, body, headers = {} } = input as AnyInput;
  const space = name.indexOf(' ');
  const method = name.slice(0, space).toUpperCase() as RouteRequest['method'];
  const path = name.slice(space + 1).replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const url = search.size > 0 ? `${path}?${search}` : path;
  return body === undefined ? { method, url, headers: { ...headers } } : { method, url, headers: { ...headers }, body };
}
