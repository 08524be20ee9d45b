import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { startLocalApi, type LocalApi } from '../../../testing/localApi.js';
import { renderPublicPage } from '../testing/renderPublicPage.js';
import { InvitationPage } from './InvitationPage.js';

const TOKEN = 'hlFHg6imwB5Uw-vJHaLT3v8X6kjW30RfABfhGZmJcDc';
let api: LocalApi;

afterEach(async () => {
  cleanup();
  await api.close();
});

const renderLink = () =>
  renderPublicPage(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage />} />
    </Routes>,
    `/invitations/${TOKEN}`,
  );

describe('InvitationPage', () => {
  it('says who invites whom to which company as what, and signs in through the invitation', async () => {
    const preview = {
      companyName: 'Lone Star Print',
      email: 'new.hire@lonestarprint.test',
      role: 'staff',
      invitedBy: 'Grace Hopper',
      expiresAt: '2026-12-03T10:00:00Z',
    };
    api = await startLocalApi(() => ({ status: 200, body: JSON.stringify(preview) }));
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Join Lone Star Print on PrintPool' })).toBeTruthy();
    expect(screen.getByText('Grace Hopper invited new.hire@lonestarprint.test to join as a staff member.')).toBeTruthy();
    expect(screen.getByText('Sign in as new.hire@lonestarprint.test to join. The invitation works once, until December 3, 2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Accept Invitation/ }).getAttribute('href')).toBe(`/api/login?invitation=${TOKEN}`);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /api/invitations/${TOKEN}`]);
  });

  it('says so when the link no longer works, and offers no sign-in', async () => {
    api = await startLocalApi(() => ({ status: 404, body: '{"message":"Invitation not found","code":"NOT_FOUND"}' }));
    renderLink();
    expect(await screen.findByRole('heading', { name: 'This invitation is no longer valid' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Accept Invitation/ })).toBeNull();
  });
});
