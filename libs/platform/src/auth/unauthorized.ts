import { useCallback, useEffect, useRef } from 'react';
import { navigateBrowser } from '../browser.js';
import { useToast } from '../toast/useToast.js';
import { useSessionStore } from './sessionStore.js';

export const LOGIN_PATH = '/api/login';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Tells the user the session ended, then starts sign-in after a short pause so the toast is read. */
export function useUnauthorizedRedirect(navigate: (url: string) => void = navigateBrowser): () => void {
  const { toast } = useToast();
  return useCallback(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    window.setTimeout(() => navigate(LOGIN_PATH), UNAUTHORIZED_REDIRECT_DELAY_MS);
  }, [toast, navigate]);
}

/** Mounted once by the shell: the first 401 anywhere (or a signed-out visit to an app page) redirects, once. */
export function useRedirectWhenUnauthorized(navigate?: (url: string) => void): void {
  const unauthorized = useSessionStore((state) => state.unauthorized);
  const redirect = useUnauthorizedRedirect(navigate);
  const done = useRef(false);
  useEffect(() => {
    if (!unauthorized || done.current) return;
    done.current = true;
    redirect();
  }, [unauthorized, redirect]);
}
