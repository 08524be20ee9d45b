import { readErrorBody } from '@printpool/contracts';
import { INTERNAL_TOKEN_HEADER, type CallerIdentity } from '../auth/internalToken.js';
import { createInternalTokenIssuer } from '../auth/internalTokenIssuer.js';
import { withClientSpan } from '../telemetry/clientSpan.js';
import { HttpError } from './errors.js';

export interface ServiceResponse<T> {
  status: number;
  body: T;
}

/** Calls another PrintPool service on behalf of a tenant, with a signed internal token naming it. */
export interface ServiceClient {
  /** JSON in, JSON out; a non-2xx answer throws an HttpError carrying the service's message. `headers` add to the call's own (an Idempotency-Key). */
  json<T>(caller: CallerIdentity, method: string, path: string, body?: unknown, headers?: Readonly<Record<string, string>>): Promise<ServiceResponse<T>>;
}

export interface ServiceClientOptions {
  /** The calling service, signed into every token so the peer's internal routes accept the call. */
  from: string;
  /** The peer, as errors name it. */
  to: string;
  /** The peer's address (INVENTORY_URL, SYNC_URL, DOCUMENTS_URL); both launchers set these, so service-to-service calls look the same in every run mode. */
  baseUrl: string | undefined;
  secret: string;
  /** How long the peer may take to answer, body included (SERVICE_TIMEOUT_MS; default 30 s). */
  timeoutMs?: number;
}

/** A peer that takes longer than this has hung; the caller's own caller is waiting (docs/configuration.md: SERVICE_TIMEOUT_MS). */
export const DEFAULT_SERVICE_TIMEOUT_MS = 30_000;

/**
 * Every call carries the trace context and request id of the work in hand (a client span of its
 * own), and gives up after `timeoutMs` with 504 naming the peer, so a hung peer never holds the
 * caller's request, or an event handler, for good.
 */
export function createServiceClient({ from, to: name, baseUrl, secret, timeoutMs = DEFAULT_SERVICE_TIMEOUT_MS }: ServiceClientOptions): ServiceClient {
  const internalToken = createInternalTokenIssuer(secret, { service: from });
  return {
    async json<T>(
      caller: CallerIdentity,
      method: string,
      path: string,
      body?: unknown,
      headers: Readonly<Record<string, string>> = {},
    ): Promise<ServiceResponse<T>> {
      if (!baseUrl) throw new HttpError(503, `${name} is not configured`, 'SERVICE_UNAVAILABLE');
      const url = new URL(path, baseUrl);
      const attributes = { 'http.request.method': method, 'server.address': url.hostname, 'url.path': url.pathname, 'printpool.peer': name };
      return withClientSpan(`${method} ${name}`, attributes, async (propagation) => {
        const signal = AbortSignal.timeout(timeoutMs);
        let response: Response;
        let text: string;
        try {
          response = await fetch(url, {
            method,
            headers: {
              ...headers,
              ...propagation,
              [INTERNAL_TOKEN_HEADER]: await internalToken(caller),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal,
          });
          text = await response.text();
        } catch {
          if (signal.aborted) throw new HttpError(504, `${name} did not answer within ${timeoutMs} ms`, 'GATEWAY_TIMEOUT');
          throw new HttpError(502, `${name} is unavailable`, 'BAD_GATEWAY');
        }
        const parsed: unknown = text ? safeJson(text) : undefined;
        if (!response.ok) {
          const failure = readErrorBody(text);
          throw new HttpError(response.status, failure?.message ?? `${name} answered ${response.status}`, 'UPSTREAM_ERROR');
        }
        return { status: response.status, body: parsed as T };
      });
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
