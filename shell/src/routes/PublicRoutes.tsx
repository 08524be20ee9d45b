import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.js';
import { EulaPage, HelpPage, InvitationPage, LandingPage, LoginPage, PrivacyPage } from './publicPages.js';
import { SignedOutFallback } from './SignedOutFallback.js';

/** Routes while signed out, and while the session is still loading (/ shows the landing page meanwhile). */
export function PublicRoutes({ authLoading }: { authLoading: boolean }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/eula" element={<EulaPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/invitations/:token" element={<InvitationPage />} />
        <Route path="*" element={<SignedOutFallback authLoading={authLoading} />} />
      </Routes>
    </Suspense>
  );
}
