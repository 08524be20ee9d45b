/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { EmailLog, EstimateEmailOutcome } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, queuedAnswer, queuedNoticeTitle, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { salesOrder } from '../testing/salesOrderFixtures.js';
import { EmailSalesOrderDialog } from './EmailSalesOrderDialog.js';

const order = salesOrder({ id: 5, soNumber: 'EST-1005-BL', customerEmail: 'office@harbordental.com' });
const emailLog: EmailLog = {
  id: 'log-5',
  subject: 'Sales Order EST-1005-BL',
  toEmail: 'office@harbordental.com',
  sentAt: '2026-11-27T15:00:00.000Z',
  referenceType: 'SO',
  referenceId: '5',
  referenceNumber: 'EST-1005-BL',
  status: 'sent',
  error: null,
  attempts: 1,
  sentBy: 'Ann Approver',
};
const sent = (outcome: Extract<EstimateEmailOutcome, { status: 'sent' }>): Route => ({ status: 200, body: JSON.stringify(outcome) });

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/sales-orders/5/send-estimate'] = sent({ status: 'sent', message: 'Sales order email sent successfully with PDF attachment', emailLog });
});
afterEach(cleanup);

// The button reads 'Send Email' again only once the last send has settled (the failure toast
// may show a render before it): a person presses it when they see it.
const send = async () => fireEvent.click(await screen.findByRole('button', { name: 'Send Email' }));
const posts = () => api.requests.filter((r) => r.method === 'POST');

it('sends the order to its customer and says so', async () => {
  let closed = false;
  renderWithPlatform(<EmailSalesOrderDialog order={order} onClose={() => (closed = true)} />);
  expect(((await screen.findByLabelText('Subject')) as HTMLInputElement).value).toBe('Sales Order EST-1005-BL');
  await send();
  expect(await screen.findByText('Sales order email sent successfully with PDF attachment')).toBeTruthy();
  expect(JSON.parse(posts()[0]?.body ?? '{}')).toEqual({ subject: 'Sales Order EST-1005-BL', message: '' });
  expect(closed).toBe(true);
});

it('says when a queued e-mail is sent again, instead of an error, and closes', async () => {
  const nextAttemptAt = '2026-11-27T09:05:00.000Z';
  routes['/api/sales-orders/5/send-estimate'] = queuedAnswer(emailLog, nextAttemptAt, 'Greeting never received');
  let closed = false;
  renderWithPlatform(<EmailSalesOrderDialog order={order} onClose={() => (closed = true)} />);
  await screen.findByLabelText('Subject');
  await send();
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText(queuedNoticeTitle(nextAttemptAt))).toBeTruthy();
  expect(within(toast).queryByText('Error')).toBeNull();
  expect(closed).toBe(true);
});

it('reports a failed send, and sends its retry with the same Idempotency-Key', async () => {
  routes['/api/sales-orders/5/send-estimate'] = { status: 422, body: '{"message":"Sales order has no customer email"}' };
  renderWithPlatform(<EmailSalesOrderDialog order={order} onClose={() => {}} />);
  await screen.findByLabelText('Subject');
  await send();
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Error')).toBeTruthy();
  expect(within(toast).getByText('Sales order has no customer email')).toBeTruthy();
  await send();
  await waitFor(() => expect(posts()).toHaveLength(2));
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Your estimate' } });
  await send();
  await waitFor(() => expect(posts()).toHaveLength(3));
  const [first, retry, changed] = posts().map((r) => r.idempotencyKey);
  expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  expect(retry).toBe(first);
  expect(changed).not.toBe(first);
});
