import { NotFoundPage, useSessionStore } from '@printpool/platform';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isAppPath } from './appPaths.js';
import { PageSpinner } from '../components/PageSpinner.js';

/** A path no public page answers: wait for the session, then sign in (app pages) or show 404. */
export function SignedOutFallback({ authLoading }: { authLoading: boolean }) {
  const { pathname } = useLocation();
  const markUnauthorized = useSessionStore((state) => state.markUnauthorized);
  const needsSignIn = !authLoading && isAppPath(pathname);
  useEffect(() => {
    if (needsSignIn) markUnauthorized();
  }, [needsSignIn, markUnauthorized]);
  if (authLoading || needsSignIn) return <PageSpinner />;
  return <NotFoundPage />;
}
