import { INTERNAL_TOKEN_HEADER, type CallerIdentity } from '../auth/internalToken.js';
import { createInternalTokenIssuer } from '../auth/internalTokenIssuer.js';
import { HttpError } from './errors.js';

export interface ServiceResponse<T> {
  status: number;
  body: T;
}

/** Calls another PrintPool service on behalf of a tenant, with a signed internal token naming it. */
export interface ServiceClient {
  /** JSON in, JSON out; a non-2xx answer throws an HttpError carrying the service's message. */
  json<T>(caller: CallerIdentity, method: string, path: string, body?: unknown): Promise<ServiceResponse<T>>;
}

export interface ServiceClientOptions {
  /** The calling service, signed into every token so the peer's internal routes accept the call. */
  from: string;
  /** The peer, as errors name it. */
  to: string;
  /** The peer's address (INVENTORY_URL, SYNC_URL, DOCUMENTS_URL); both launchers set these, so service-to-service calls look the same in every run mode. */
  baseUrl: string | undefined;
  secret: string;
}

export function createServiceClient({ from, to: name, baseUrl, secret }: ServiceClientOptions): ServiceClient {
  const internalToken = createInternalTokenIssuer(secret, { service: from });
  return {
    async json<T>(caller: CallerIdentity, method: string, path: string, body?: unknown): Promise<ServiceResponse<T>> {
      if (!baseUrl) throw new HttpError(503, `${name} is not configured`, 'SERVICE_UNAVAILABLE');
      let response: Response;
      try {
        response = await fetch(new URL(path, baseUrl), {
          method,
          headers: {
            [INTERNAL_TOKEN_HEADER]: internalToken(caller),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {
        throw new HttpError(502, `${name} is unavailable`, 'BAD_GATEWAY');
      }
      const text = await response.text();
      const parsed: unknown = text ? safeJson(text) : undefined;
      if (!response.ok) {
        const message = (parsed as { message?: unknown } | undefined)?.message;
        throw new HttpError(response.status, typeof message === 'string' ? message : `${name} answered ${response.status}`, 'UPSTREAM_ERROR');
      }
      return { status: response.status, body: parsed as T };
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
