import { useCallback, useEffect, useRef } from 'react';
import { afterToastIsSeen, navigateBrowser } from '../browser.js';
import { useToast } from '../toast/useToast.js';
import { useSessionStore } from './sessionStore.js';

export const LOGIN_PATH = '/api/login';

/** Tells the user the session ended, then starts sign-in once the toast has been on screen for a moment. */
export function useUnauthorizedRedirect(navigate: (url: string) => void = navigateBrowser): () => void {
  const { toast } = useToast();
  return useCallback(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    afterToastIsSeen(() => navigate(LOGIN_PATH));
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
