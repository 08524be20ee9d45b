/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { EmailLog, HistoryEntry } from '@printpool/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { DocumentHistory } from './DocumentHistory.js';

afterEach(cleanup);

const routes: Record<string, Route> = {};
serveApiDuringTests(routes);
const json = (body: unknown): Route => ({ status: 200, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const approved: HistoryEntry = {
  id: 3,
  at: '2025-03-02T15:04:00.000Z',
  memberId: 'user-ann',
  by: 'Ann Approver',
  action: 'Approved',
  about: null,
  changes: [
    { field: 'Status', before: 'sent', after: 'processing' },
    { field: 'Approval notes', before: null, after: 'Proof OK' },
  ],
};
const imported: HistoryEntry = {
  id: 1,
  at: '2025-03-01T09:00:00.000Z',
  memberId: null,
  by: 'QuickBooks sync',
  action: 'Imported from QuickBooks',
  about: null,
  changes: [{ field: 'Status', before: null, after: 'pending' }],
};
const emailed: EmailLog = {
  id: 'e1',
  subject: 'Pull Ticket PT-1001 - Items for Fulfillment',
  toEmail: 'orders@pinnacle.test',
  sentAt: '2025-03-02T10:30:00.000Z',
  referenceType: 'PT',
  referenceId: '7',
  referenceNumber: 'PT-1001',
  status: 'sent',
  error: null,
  attempts: 1,
  sentBy: 'Bob Editor',
};

const items = async () => {
  const history = await screen.findByRole('region', { name: 'History' });
  // One item per moment; the changes it lists are items of their own within it.
  return within(history)
    .getAllByRole('listitem')
    .filter((item) => !item.parentElement?.closest('li'))
    .map((item) => item.textContent);
};

it("shows the ticket's changes and e-mails newest first, with who, when and each field before and after", async () => {
  routes['/api/pull-tickets/7/history'] = json([approved, imported]);
  routes['/api/email-logs?referenceType=PT&referenceId=7&limit=500'] = json([emailed]);
  renderWithPlatform(<DocumentHistory kind="pull-ticket" id={7} />);
  const at = (iso: string) => new Date(iso).toLocaleString('en-US');
  expect(await items()).toEqual([
    `ApprovedAnn Approver${at(approved.at)}Status: sent → processingApproval notes: — → Proof OK`,
    `E-mail sentBob Editor${at(emailed.sentAt)}To orders@pinnacle.test: “Pull Ticket PT-1001 - Items for Fulfillment”`,
    `Imported from QuickBooksQuickBooks sync${at(imported.at)}Status: — → pending`,
  ]);
});

it('says why an e-mail failed', async () => {
  routes['/api/sales-orders/8/history'] = json([]);
  routes['/api/email-logs?referenceType=SO&referenceId=8&limit=500'] = json([
    { ...emailed, referenceType: 'SO', referenceId: '8', status: 'failed', error: 'connect ECONNREFUSED' },
  ]);
  renderWithPlatform(<DocumentHistory kind="sales-order" id={8} />);
  expect((await items())[0]).toContain('E-mail failed');
  expect((await items())[0]).toContain('(connect ECONNREFUSED)');
});

it('says when a document has no history yet, and when it cannot be loaded', async () => {
  routes['/api/purchase-orders/9/history'] = json([]);
  routes['/api/email-logs?referenceType=PO&referenceId=9&limit=500'] = json([]);
  renderWithPlatform(<DocumentHistory kind="purchase-order" id={9} />);
  expect(await screen.findByText('No history yet')).toBeTruthy();
  cleanup();

  routes['/api/purchase-orders/10/history'] = { status: 404, body: JSON.stringify({ message: 'Purchase order not found' }) };
  routes['/api/email-logs?referenceType=PO&referenceId=10&limit=500'] = json([]);
  renderWithPlatform(<DocumentHistory kind="purchase-order" id={10} />);
  expect(await screen.findByText('Could not load the history')).toBeTruthy();
});
