import { expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { RecentCommunications } from './RecentCommunications.js';

const log = (id: string, extra: object) => ({
  id,
  subject: `Pull Ticket PT-00000${id} - Items for Fulfillment`,
  toEmail: 'orders@papermill.test',
  sentAt: '2026-11-20T10:00:00Z',
  referenceType: 'PT',
  ...extra,
});

const routes = {
  '/api/email-logs': {
    status: 200,
    body: JSON.stringify([
      log('1', { status: 'failed', error: 'connect ECONNREFUSED (sending again at 2026-11-20T10:05:00.000Z)' }),
      log('2', { status: 'sending', error: null }),
      log('3', { status: 'sent', error: null, sentBy: 'Ann Approver' }),
      log('4', { status: 'sent', error: null, subject: 'Invitation to join Lone Star Print on PrintPool', referenceType: 'INVITATION' }),
    ]),
  },
};
serveApiDuringTests(routes);

it('tells an e-mail that was not delivered, with why, from one on its way and one sent', async () => {
  renderWithPlatform(<RecentCommunications />);
  await screen.findByText('Pull Ticket PT-000003 - Items for Fulfillment');
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(within(items[0]!).getByText('Not delivered')).toBeTruthy();
  expect(within(items[0]!).getByText(/ECONNREFUSED \(sending again at/)).toBeTruthy();
  expect(within(items[1]!).getByText('Sending')).toBeTruthy();
  expect(within(items[2]!).queryByText('Not delivered')).toBeNull();
  expect(within(items[2]!).queryByText('Sending')).toBeNull();
});

it('names the member who sent an e-mail, and no one for mail from before members were named', async () => {
  renderWithPlatform(<RecentCommunications />);
  const sent = (await screen.findByText('Pull Ticket PT-000003 - Items for Fulfillment')).closest('[role="listitem"]') as HTMLElement;
  expect(within(sent).getByText('orders@papermill.test · sent by Ann Approver')).toBeTruthy();
  const older = screen.getByText('Pull Ticket PT-000002 - Items for Fulfillment').closest('[role="listitem"]') as HTMLElement;
  expect(within(older).getByText('orders@papermill.test')).toBeTruthy();
});

it('shows an invitation to join the company as one, not as a pull ticket', async () => {
  renderWithPlatform(<RecentCommunications />);
  const invitation = (await screen.findByText('Invitation to join Lone Star Print on PrintPool')).closest('[role="listitem"]') as HTMLElement;
  expect(within(invitation).getByLabelText('Invitation')).toBeTruthy();
  expect(within(invitation).queryByLabelText('Pull ticket')).toBeNull();
});

it("shows a customer's stock statement as one", async () => {
  const logs = routes['/api/email-logs'];
  routes['/api/email-logs'] = {
    status: 200,
    body: JSON.stringify([
      log('5', { status: 'sent', error: null, subject: 'Stock Statement - Harbor Dental - Oct 1, 2026 to Oct 31, 2026', referenceType: 'STATEMENT' }),
    ]),
  };
  try {
    renderWithPlatform(<RecentCommunications />);
    const statement = (await screen.findByText('Stock Statement - Harbor Dental - Oct 1, 2026 to Oct 31, 2026')).closest('[role="listitem"]') as HTMLElement;
    expect(within(statement).getByLabelText('Stock statement')).toBeTruthy();
    expect(within(statement).queryByLabelText('Pull ticket')).toBeNull();
  } finally {
    routes['/api/email-logs'] = logs;
  }
});
