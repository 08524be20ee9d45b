import { context, propagation, ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import { currentLogScope } from './logScope.js';

/** The request id's header, from the browser's request at the gateway to every service and event. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The user whose request recorded an event, in the event's headers only: a consumer's log lines
 * name them. Never on a call between services, where the signed internal token says who calls.
 */
export const EVENT_USER_HEADER = 'x-printpool-user';

const USER_ID = /^[\w.:@-]{1,128}$/;

const REQUEST_ID = /^[\w-]{1,64}$/;

/** `value` when it may serve as a request id (it reaches log lines and headers), else undefined. */
export function validRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : undefined;
}

/** Headers as Node, fetch and the NATS client hand them over, read by lower-case name. */
export type HeaderCarrier = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The headers that carry the work in hand on to another process: W3C `traceparent` (and
 * `tracestate`) of the active span, and the request id of the current scope. Empty outside any
 * request, event or span.
 */
export function propagationHeaders(from: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(from, headers);
  const requestId = currentLogScope()?.requestId;
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

/** propagationHeaders, and the user of the request in hand: what an event is published with. */
export function eventHeaders(): Record<string, string> {
  const headers = propagationHeaders();
  const userId = currentLogScope()?.userId;
  if (userId && USER_ID.test(userId)) headers[EVENT_USER_HEADER] = userId;
  return headers;
}

/** The user an event's headers name, if well-formed. */
export function userIdFromHeaders(headers: HeaderCarrier): string | undefined {
  const value = headers[EVENT_USER_HEADER];
  const userId = Array.isArray(value) ? value[0] : value;
  return userId && USER_ID.test(userId) ? userId : undefined;
}

/** The trace context a caller sent in `headers` (none when it sent none or a malformed one). */
export function contextFromHeaders(headers: HeaderCarrier): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/** The request id a caller sent in `headers`, if well-formed. */
export function requestIdFromHeaders(headers: HeaderCarrier): string | undefined {
  const value = headers[REQUEST_ID_HEADER];
  return validRequestId(Array.isArray(value) ? value[0] : value);
}
