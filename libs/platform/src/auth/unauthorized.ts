import { useCallback, useEffect, useRef } from 'react';
import { navigateBrowser } from '../browser.js';
import { useToast } from '../toast/useToast.js';
import { useSessionStore } from './sessionStore.js';

export const LOGIN_PATH = '/api/login';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Runs `then` once the browser has painted what is under way (two frames on), or on the next turn where nothing paints. */
function afterPaint(then: () => void): void {
  if (typeof window.requestAnimationFrame !== 'function') {
    window.setTimeout(then, 0);
    return;
  }
  window.requestAnimationFrame(() => window.requestAnimationFrame(then));
}

/**
 * Tells the user the session ended, then starts sign-in after a short pause so the toast is
 * read. The pause counts from when the toast is on screen: a busy page paints late, and a
 * redirect timed from the call would leave before the toast was ever seen.
 */
export function useUnauthorizedRedirect(navigate: (url: string) => void = navigateBrowser): () => void {
  const { toast } = useToast();
  return useCallback(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    afterPaint(() => window.setTimeout(() => navigate(LOGIN_PATH), UNAUTHORIZED_REDIRECT_DELAY_MS));
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
