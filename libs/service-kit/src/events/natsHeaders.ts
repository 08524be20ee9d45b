import { headers, Match, type MsgHdrs } from '@nats-io/nats-core';
import { EVENT_USER_HEADER, eventHeaders, REQUEST_ID_HEADER } from '../telemetry/propagation.js';

/** What an event's message carries beside it: the W3C trace context, the request id and its user (docs/architecture.md §8). */
const CARRIED = ['traceparent', 'tracestate', REQUEST_ID_HEADER, EVENT_USER_HEADER] as const;

/** The headers of a message published now, from the work in hand; none outside any request or span. */
export function messageHeaders(): MsgHdrs | undefined {
  const carried = eventHeaders();
  const names = Object.keys(carried);
  if (names.length === 0) return undefined;
  const hdrs = headers();
  for (const name of names) hdrs.set(name, carried[name]!);
  return hdrs;
}

/** What a delivered message carried, by lower-case name. */
export function carriedHeaders(hdrs: MsgHdrs | undefined): Record<string, string> {
  const carried: Record<string, string> = {};
  if (!hdrs) return carried;
  for (const name of CARRIED) {
    const value = hdrs.get(name, Match.IgnoreCase);
    if (value) carried[name] = value;
  }
  return carried;
}
