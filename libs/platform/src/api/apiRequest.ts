/** A non-OK answer from the API; `message` reads "<status>: <body text or statusText>". */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Throws an ApiError for a non-OK response, after reading its body for the message. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, text);
}

/**
 * Calls the gateway with the session cookie. A JSON content type is sent only with a body,
 * so body-less calls stay "simple" requests. A FormData body (a file upload) goes as
 * multipart, whose content type with its boundary fetch sets itself. `headers` are the
 * route's own (an e-mail send's Idempotency-Key, libs/contracts documents.ts).
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, headers: Readonly<Record<string, string>> = {}): Promise<Response> {
  const multipart = body instanceof FormData;
  const all: Record<string, string> = body === undefined || multipart ? { ...headers } : { 'Content-Type': 'application/json', ...headers };
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: Object.keys(all).length === 0 ? undefined : all,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** True for an API answer of 401, whichever part of the product made the call. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && /^401: /.test(error.message);
}

/**
 * A mutation's own failure handler, skipped for a 401: the query client's sign-in redirect
 * (api/queryClient.ts) answers that one with the 'Unauthorized' toast alone (docs/product.md §8).
 */
export function unlessUnauthorized<E>(handler: (error: E) => void): (error: E) => void {
  return (error) => {
    if (!isUnauthorizedError(error)) handler(error);
  };
}
