import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../api/queryFn.js';
import type { AuthUser } from './user.js';

export const AUTH_USER_KEY = ['/api/auth/user'];

/** The current user; a 401 means signed out (user null), not an error. */
export function useAuth(): { user: AuthUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
