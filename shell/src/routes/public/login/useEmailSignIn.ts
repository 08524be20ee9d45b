import { callRoute, navigateBrowser } from '@printpool/platform';
import { useCallback, useState } from 'react';

/**
 * Signs in through POST /api/dev-login. Success reloads the app at / so the shell reads the
 * new session from scratch; `signingIn` stays true until the browser leaves the page.
 */
export function useEmailSignIn() {
  const [signingIn, setSigningIn] = useState(false);

  const signIn = useCallback(async (email: string) => {
    setSigningIn(true);
    try {
      await callRoute('post /api/dev-login', { body: { email } });
    } catch {
      setSigningIn(false);
      window.alert('Login failed');
      return;
    }
    navigateBrowser('/');
  }, []);

  return { signIn, signingIn };
}
