import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { INTERNAL_TOKEN_HEADER } from '@printpool/service-kit';

/** The trace context the browser sent: the gateway starts every trace itself (telemetry/requestTelemetry.ts in service-kit). */
const TRACE_CONTEXT = new Set(['traceparent', 'tracestate']);

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Headers named in `Connection` belong to this hop only (RFC 9110 §7.6.1). */
function hopHeaders(headers: IncomingHttpHeaders): ReadonlySet<string> {
  // Most requests name none, or only keep-alive; the common set is not rebuilt for each of them.
  if (!headers.connection) return HOP_BY_HOP;
  const named = String(headers.connection)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && !HOP_BY_HOP.has(name));
  return named.length === 0 ? HOP_BY_HOP : new Set([...HOP_BY_HOP, ...named]);
}

export interface ForwardContext {
  clientIp: string;
  protocol: string;
  host: string;
  requestId: string;
  /** The trace context of the gateway's span for this call (`traceparent`, `tracestate`), which the service continues. */
  trace: Readonly<Record<string, string>>;
  /** The signed internal token; absent for public routes, which must not carry one. */
  internalToken?: string;
}

/**
 * What a service receives: the browser's headers without its cookies (the session is the
 * gateway's business) or any internal token it tried to supply, plus who is calling and how.
 */
export function requestHeadersForService(incoming: IncomingHttpHeaders, context: ForwardContext): IncomingHttpHeaders {
  const drop = hopHeaders(incoming);
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || drop.has(name) || name === 'cookie' || name === INTERNAL_TOKEN_HEADER || TRACE_CONTEXT.has(name)) continue;
    headers[name] = value;
  }
  if (incoming['transfer-encoding']) headers['transfer-encoding'] = incoming['transfer-encoding'];
  const forwardedFor = incoming['x-forwarded-for'];
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${context.clientIp}` : context.clientIp;
  headers['x-forwarded-proto'] = context.protocol;
  headers['x-forwarded-host'] = context.host;
  for (const [name, value] of Object.entries(context.trace)) if (TRACE_CONTEXT.has(name)) headers[name] = value;
  headers['x-request-id'] = context.requestId;
  if (context.internalToken) headers[INTERNAL_TOKEN_HEADER] = context.internalToken;
  return headers;
}

/** A service's response headers as the browser gets them. */
export function responseHeadersForClient(incoming: IncomingHttpHeaders): OutgoingHttpHeaders {
  const drop = hopHeaders(incoming);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined && !drop.has(name)) headers[name] = value;
  }
  return headers;
}
