import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../auth/sessionStore.js';
import { isUnauthorizedError } from './apiRequest.js';
import { getQueryFn } from './queryFn.js';

function reportUnauthorized(error: unknown): void {
  if (isUnauthorizedError(error)) useSessionStore.getState().markUnauthorized();
}

/**
 * The one client of the product: data never goes stale by itself, nothing polls or retries,
 * and a 401 from any query or mutation starts the sign-in redirect.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportUnauthorized }),
    mutationCache: new MutationCache({ onError: reportUnauthorized }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
