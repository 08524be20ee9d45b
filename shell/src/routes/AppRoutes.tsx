import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '@printpool/platform';
import { RemoteArea } from '../federation/RemoteArea.js';
import { REMOTES } from '../federation/remoteNames.js';
import { loadSharedUi } from '../federation/sharedUi.js';
import { AppLayout } from '../layout/AppLayout.js';
import { DashboardPage } from '../pages/dashboard/DashboardPage.js';
import { PageSpinner } from './PageSpinner.js';
import { EulaPage, HelpPage, PrivacyPage } from './publicPages.js';

// Settings carries antd's form code, which the dashboard does not need.
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage.js').then((m) => ({ default: m.SettingsPage })));

// Each remote renders its own pages below its top-level paths (see the remotes' READMEs); the
// pages' tables, inputs, dialogs and forms come from the shell (see sharedUi.ts).
const remoteRoutes = (
  <>
    <Route path="purchase-orders/*" element={<RemoteArea remote={REMOTES.purchaseOrders} exposed="routes" preload={loadSharedUi} />} />
    <Route path="sales-orders/*" element={<RemoteArea remote={REMOTES.salesOrders} exposed="routes" preload={loadSharedUi} />} />
    <Route path="pull-tickets/*" element={<RemoteArea remote={REMOTES.pullTickets} exposed="routes" preload={loadSharedUi} />} />
    <Route path="customers/*" element={<RemoteArea remote={REMOTES.catalog} exposed="routes" preload={loadSharedUi} />} />
    <Route path="items/*" element={<RemoteArea remote={REMOTES.catalog} exposed="routes" preload={loadSharedUi} />} />
  </>
);

/** Routes while signed in: the app inside its layout; legal and help pages stay reachable. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/eula" element={<EulaPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/" element={<AppLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          {remoteRoutes}
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
