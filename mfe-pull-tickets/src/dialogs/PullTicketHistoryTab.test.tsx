/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { EmailLog, HistoryEntry } from '@printpool/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { sentTicket } from '../test-support/tickets.js';
import { PullTicketDetailsDialog } from './PullTicketDetailsDialog.js';

afterEach(cleanup);

const approved: HistoryEntry = {
  id: 2,
  at: '2025-03-02T15:04:00.000Z',
  memberId: 'user-ann',
  by: 'Ann Approver',
  action: 'Approved',
  about: null,
  changes: [{ field: 'Status', before: 'sent', after: 'processing' }],
};
const emailed: Partial<EmailLog> = {
  id: 'e1',
  subject: 'Pull Ticket PT-1001 - Items for Fulfillment',
  toEmail: 'orders@pinnacle.test',
  sentAt: '2025-03-02T10:30:00.000Z',
  referenceType: 'PT',
  referenceId: '1',
  status: 'sent',
  sentBy: 'Bob Editor',
};
const routes: Record<string, Route> = {
  '/api/pull-tickets/1/history': { status: 200, body: JSON.stringify([approved]) },
  '/api/email-logs?referenceType=PT&referenceId=1&limit=500': { status: 200, body: JSON.stringify([emailed]) },
};
const api = serveApiDuringTests(routes);

it('shows who approved the ticket and who e-mailed it, with times, under History, and asks for them only then', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={sentTicket} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: `Pull Ticket Details - ${sentTicket.ptNumber}` });
  expect(within(dialog).getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
  expect(api.requests).toEqual([]);

  fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
  const history = await within(dialog).findByRole('region', { name: 'History' });
  expect(within(history).getByText('Approved')).toBeTruthy();
  expect(within(history).getByText('Ann Approver')).toBeTruthy();
  expect(within(history).getByText(new Date(approved.at).toLocaleString('en-US'))).toBeTruthy();
  expect(within(history).getByText('sent → processing', { exact: false })).toBeTruthy();
  expect(within(history).getByText('Bob Editor')).toBeTruthy();
  expect(api.requests.map((request) => request.path).sort()).toEqual([
    '/api/email-logs?referenceType=PT&referenceId=1&limit=500',
    '/api/pull-tickets/1/history',
  ]);
});
