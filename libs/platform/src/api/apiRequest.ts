import { fieldIssuesOf, readErrorBody, type ReadErrorBody, type FieldIssue, type RouteRequest } from '@printpool/contracts';

/**
 * A non-OK answer from the API, its error body (libs/contracts ErrorBodySchema) read once:
 * `message` is the server's own words, or the status text when it sent none.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's code ('NOT_FOUND', 'VERSION_CONFLICT'), when it sent one. */
  readonly code: string | undefined;
  /** Each field a 400 refused (VALIDATION_FAILED); none for any other failure. */
  readonly issues: readonly FieldIssue[];
  /** What the server told beside its message (a version conflict's record as it now is). */
  readonly details: unknown;
  /** Whether `message` is the server's: a page shows its own fallback otherwise (failureMessage.ts). */
  readonly fromServer: boolean;

  constructor(status: number, statusText: string, body: ReadErrorBody | null) {
    const own = body?.message.trim() ? body.message : null;
    super(own ?? (statusText || `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.issues = body ? fieldIssuesOf(body) : [];
    this.details = body?.details;
    this.fromServer = own !== null;
  }
}

/** Throws an ApiError for a non-OK response, after reading its error body. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, response.statusText, readErrorBody(await response.text()));
}

/**
 * Calls the gateway with the session cookie. A JSON content type is sent only with a body,
 * so body-less calls stay "simple" requests. A FormData body (a file upload) goes as
 * multipart, whose content type with its boundary fetch sets itself. `headers` are the
 * route's own (an e-mail send's Idempotency-Key, libs/contracts documents.ts).
 */
export async function apiRequest(
  method: RouteRequest['method'],
  url: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<Response> {
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
  return error instanceof ApiError && error.status === 401;
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
