import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { TeamPage } from './TeamPage.js';

const signedIn = {
  id: 'u-owner',
  email: 'grace@lonestarprint.test',
  firstName: 'Grace',
  lastName: 'Hopper',
  profileImageUrl: null,
  companyName: 'Lone Star Print',
};
const user = (role: string) => ({ status: 200, body: JSON.stringify({ ...signedIn, role, bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '' }) });

const team = {
  members: [
    { id: 'u-owner', email: 'grace@lonestarprint.test', name: 'Grace Hopper', role: 'owner', joinedAt: '2026-01-05T10:00:00Z', version: 'v-owner' },
    { id: 'u-staff', email: 'ada@lonestarprint.test', name: 'Ada Lovelace', role: 'staff', joinedAt: '2026-02-01T10:00:00Z', version: 'v-staff' },
  ],
  invitations: [
    {
      id: 'i-1',
      email: 'new.hire@lonestarprint.test',
      role: 'viewer',
      invitedBy: 'Grace Hopper',
      createdAt: '2026-11-20T10:00:00Z',
      expiresAt: '2026-11-27T10:00:00Z',
    },
  ],
};

const routes = {
  '/api/auth/user': user('owner'),
  '/api/team': { status: 200, body: JSON.stringify(team) },
  '/api/team/invitations': {
    status: 201,
    body: JSON.stringify({ emailSent: true, invitation: { ...team.invitations[0], id: 'i-2', email: 'linus@lonestarprint.test', role: 'staff' } }),
  },
  '/api/team/invitations/i-1': { status: 200, body: '{"ok":true}' },
  '/api/team/members/u-staff': { status: 200, body: JSON.stringify({ ...team.members[1], role: 'viewer' }) },
};
const api = serveApiDuringTests(routes);
const sent = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === path).map((r) => (r.body ? JSON.parse(r.body) : null));

/** Renders the page for Grace, signed in with `role`. */
async function renderAs(role: string) {
  routes['/api/auth/user'] = user(role);
  routes['/api/team'] = { status: 200, body: JSON.stringify({ ...team, members: team.members.map((m) => (m.id === signedIn.id ? { ...m, role } : m)) }) };
  renderWithPlatform(<TeamPage />, '/team');
  await screen.findByRole('region', { name: 'Members' });
}

describe('an owner', () => {
  it('sees every member with their role and the pending invitations', async () => {
    await renderAs('owner');
    expect(screen.getByRole('heading', { name: 'Team' })).toBeTruthy();
    expect(screen.getByText('The members of Lone Star Print, their roles and pending invitations')).toBeTruthy();
    const members = within(screen.getByRole('region', { name: 'Members' })).getAllByRole('row');
    expect(members.map((row) => row.textContent)).toEqual([
      'NameEmailRoleJoinedActions',
      expect.stringMatching(/^Grace HopperYougrace@lonestarprint\.testOwnerJan 5, 2026-$/),
      expect.stringMatching(/^Ada Lovelaceada@lonestarprint\.testStaffFeb 1, 2026Remove$/),
    ]);
    const invitations = within(screen.getByRole('region', { name: 'Pending invitations' })).getAllByRole('row');
    expect(invitations[1]?.textContent).toMatch(/^new\.hire@lonestarprint\.testViewerGrace HopperNov 2\d, 2026.*Revoke$/);
  });

  it('invites by e-mail with a role', async () => {
    await renderAs('owner');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' linus@lonestarprint.test ' } });
    fireEvent.click(screen.getByRole('button', { name: /Send Invitation/ }));
    expect(await screen.findByText('An invitation to join was e-mailed to linus@lonestarprint.test.')).toBeTruthy();
    expect(sent('POST', '/api/team/invitations')).toEqual([{ email: 'linus@lonestarprint.test', role: 'staff' }]);
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''));
  });

  it("changes a member's role", async () => {
    await renderAs('owner');
    await act(async () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' })));
    await screen.findByTitle('Viewer');
    fireEvent.click(screen.getByTitle('Viewer'));
    expect(await screen.findByText("Ada Lovelace's role was changed.")).toBeTruthy();
    expect(sent('PATCH', '/api/team/members/u-staff')).toEqual([{ role: 'viewer' }]);
    // On the member's version the page showed.
    expect(api.requests.find((r) => r.method === 'PATCH')?.ifMatch).toBe('"v-staff"');
  });

  it('removes a member once confirmed, never themself', async () => {
    await renderAs('owner');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(await screen.findByText('Remove Ada Lovelace from the company?')).toBeTruthy();
    expect(sent('DELETE', '/api/team/members/u-staff')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Ada Lovelace was removed from the company and signed out.')).toBeTruthy();
    expect(sent('DELETE', '/api/team/members/u-staff')).toEqual([null]);
    expect(screen.queryByRole('button', { name: 'Remove Grace Hopper' })).toBeNull();
  });

  it('revokes an invitation', async () => {
    await renderAs('owner');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to new.hire@lonestarprint.test' }));
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
    expect(sent('DELETE', '/api/team/invitations/i-1')).toEqual([null]);
  });
});

describe.each(['staff', 'viewer'])('a member with the %s role', (role) => {
  it('sees the team read-only: no invitation form, role choice, removal or revocation', async () => {
    await renderAs(role);
    expect(within(screen.getByRole('region', { name: 'Members' })).getAllByRole('row')[2]?.textContent).toMatch(
      /^Ada Lovelaceada@lonestarprint\.testStaffFeb 1, 2026$/,
    );
    expect(screen.getByText('new.hire@lonestarprint.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send Invitation/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Revoke/ })).toBeNull();
  });
});
