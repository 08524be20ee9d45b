import { ApiError } from './apiRequest.js';

/**
 * The server's own message for a failed call, else the product's fallback. A 404 means the
 * record or the endpoint is gone, which the fallback describes better than "Route not found", or
 * `gone` when the action words that case itself (a form saved after its record was deleted:
 * docs/product.md §4).
 */
export function failureMessage(error: unknown, fallback: string, gone?: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 404) return gone ?? fallback;
  return error.fromServer ? error.message : fallback;
}
