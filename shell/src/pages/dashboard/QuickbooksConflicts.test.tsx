import { beforeEach, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { DashboardStats } from './DashboardStats.js';
import { QuickbooksConflicts } from './QuickbooksConflicts.js';

const routes: Record<string, Route> = {};
serveApiDuringTests(routes);
const stats = (conflictSOs: number): Route => ({
  status: 200,
  body: JSON.stringify({ activeSOs: 12, totalItems: 5200, pendingPullTickets: 1, openPOs: 3, conflictSOs }),
});

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
});

/** The top of the dashboard: the notice above the figures (DashboardPage.tsx). */
const renderDashboardTop = () =>
  renderWithPlatform(
    <>
      <QuickbooksConflicts />
      <DashboardStats />
    </>,
    '/dashboard',
  );

it('tells the broker how many orders wait for a choice between QuickBooks and PrintPool, and opens them', async () => {
  routes['/api/dashboard/stats'] = stats(2);
  renderDashboardTop();
  expect(await screen.findByText('2 sales orders were changed in QuickBooks and in PrintPool')).toBeTruthy();
  expect(screen.getByText(/Nothing is written to QuickBooks for these orders until you choose/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/sales-orders?syncStatus=conflict');
});

it('says nothing while no order is in conflict', async () => {
  routes['/api/dashboard/stats'] = stats(0);
  renderDashboardTop();
  expect(await screen.findByText('5,200')).toBeTruthy();
  expect(screen.queryByText(/changed in QuickBooks and in PrintPool/)).toBeNull();
});
