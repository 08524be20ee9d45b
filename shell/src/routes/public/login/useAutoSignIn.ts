import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The address to sign in with when the page was opened as /login?auto=true&email=<address>. */
export function useAutoSignInEmail(): string | null {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim();
  return params.get('auto') === 'true' && email ? email : null;
}

/** Starts the sign-in once on mount; the ref keeps StrictMode's second effect run from posting twice. */
export function useAutoSignIn(email: string | null, signIn: (email: string) => Promise<void>): void {
  const started = useRef(false);
  useEffect(() => {
    if (email === null || started.current) return;
    started.current = true;
    void signIn(email);
  }, [email, signIn]);
}
