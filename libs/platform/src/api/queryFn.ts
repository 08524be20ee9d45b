import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { throwIfNotOk } from './apiRequest.js';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The API path a query key stands for: its parts joined by '/' (['/api/items', 5] → '/api/items/5'). */
export function queryKeyToPath(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

/** GETs the key's path as JSON; with on401 'returnNull' a signed-out answer is data (null), not an error. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKeyToPath(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
