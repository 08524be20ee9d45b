import type { User } from '@printpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/apiRequest.js';
import { getQueryFn } from '../api/queryFn.js';

export const AUTH_USER_KEY = ['/api/auth/user'];

/** While the product starts it answers 503 (svc-gateway/src/static/startingApp.ts): asked again each second for a minute. */
const STARTING_RETRIES = 60;
const whileStarting = (failures: number, error: unknown) => error instanceof ApiError && error.status === 503 && failures < STARTING_RETRIES;

/** The current user; a 401 means signed out (user null), not an error. */
export function useAuth(): { user: User | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    retry: whileStarting,
    retryDelay: 1_000,
  });
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
