import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyComponent, NotFoundPage } from '@printpool/platform';
import { RemoteArea } from '../federation/RemoteArea.js';
import { REMOTE_PAGES } from '../federation/pageRemotes.js';
import { loadSharedUi } from '../federation/sharedUi.js';
import { AppLayout } from '../layout/AppLayout.js';
import { DashboardPage } from '../pages/dashboard/DashboardPage.js';
import { PageSpinner } from '../components/PageSpinner.js';
import { EulaPage, HelpPage, InvitationPage, PrivacyPage } from './publicPages.js';

// Settings carries antd's form code, which the dashboard does not need.
const SettingsPage = lazyComponent(() => import('../pages/settings/SettingsPage.js'), 'SettingsPage');
const TeamPage = lazyComponent(() => import('../pages/team/TeamPage.js'), 'TeamPage');

// The pages' tables, inputs, dialogs and forms come from the shell (see sharedUi.ts).
const remoteRoutes = REMOTE_PAGES.map(({ path, routes }) => (
  <Route key={path} path={`${path}/*`} element={<RemoteArea {...routes} preload={loadSharedUi} />} />
));

/** Routes while signed in: the app inside its layout; legal and help pages stay reachable. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/eula" element={<EulaPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/help" element={<HelpPage />} />
        {/* Opened while signed in (another member's browser): accepting signs in as the invited address. */}
        <Route path="/invitations/:token" element={<InvitationPage />} />
        <Route path="/" element={<AppLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          {remoteRoutes}
          <Route path="settings" element={<SettingsPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
