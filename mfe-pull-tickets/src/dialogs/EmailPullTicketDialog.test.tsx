/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { EmailLog, PullTicketEmailOutcome } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, queuedAnswer, queuedNoticeTitle, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { sentTicket, shippedTicket } from '../test-support/tickets.js';
import { EmailPullTicketDialog } from './EmailPullTicketDialog.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

const emailLog: EmailLog = {
  id: 'log-1',
  subject: 'Pull Ticket PT-1001 - Items for Fulfillment',
  toEmail: 'orders@acmeprint.com',
  sentAt: '2026-11-27T15:00:00.000Z',
  referenceType: 'PT',
  referenceId: '1',
  referenceNumber: 'PT-1001',
  status: 'sent',
  error: null,
  attempts: 1,
  sentBy: 'Ann Approver',
};
const sent = (outcome: Extract<PullTicketEmailOutcome, { status: 'sent' }>): Route => ({ status: 200, body: JSON.stringify(outcome) });

beforeEach(() => {
  routes['/api/pull-tickets/1/email'] = sent({ status: 'sent', message: 'Pull ticket emailed successfully', emailLog, statusUpdated: true });
});
afterEach(cleanup);

// The button reads 'Send Email' again only once the last send has settled (the failure toast
// may show a render before it): a person presses it when they see it.
const send = async () => fireEvent.click(await screen.findByRole('button', { name: 'Send Email' }));

it('says an address is required and makes no call without one', async () => {
  renderWithPlatform(<EmailPullTicketDialog ticket={shippedTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Email Pull Ticket - PT-1002' });
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: '   ' } });
  await send();
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Email Required')).toBeTruthy();
  expect(within(toast).getByText('Please enter an email address')).toBeTruthy();
  expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
});

it("sends to the vendor's address with the default subject", async () => {
  let closed = false;
  renderWithPlatform(<EmailPullTicketDialog ticket={sentTicket} onClose={() => (closed = true)} />);
  expect(((await screen.findByLabelText('Subject')) as HTMLInputElement).value).toBe('Pull Ticket PT-1001 - Items for Fulfillment');
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please pull by Friday.' } });
  await send();
  expect(await screen.findByText('Pull ticket emailed to orders@acmeprint.com')).toBeTruthy();
  const post = api.requests.find((r) => r.method === 'POST');
  expect(post?.path).toBe('/api/pull-tickets/1/email');
  expect(JSON.parse(post?.body ?? '{}')).toEqual({
    emailAddress: 'orders@acmeprint.com',
    subject: 'Pull Ticket PT-1001 - Items for Fulfillment',
    message: 'Please pull by Friday.',
  });
  expect(closed).toBe(true);
});

it('reports a failed send', async () => {
  routes['/api/pull-tickets/1/email'] = { status: 502, body: '{"message":"Mail server refused the message"}' };
  renderWithPlatform(<EmailPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByLabelText('Subject');
  await send();
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Failed to Send Email')).toBeTruthy();
  expect(within(toast).getByText('Mail server refused the message')).toBeTruthy();
});

it('says when a queued e-mail is sent again, instead of an error, and closes', async () => {
  const nextAttemptAt = '2026-11-27T15:42:00.000Z';
  routes['/api/pull-tickets/1/email'] = queuedAnswer(emailLog, nextAttemptAt);
  let closed = false;
  renderWithPlatform(<EmailPullTicketDialog ticket={sentTicket} onClose={() => (closed = true)} />);
  await screen.findByLabelText('Subject');
  await send();
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText(queuedNoticeTitle(nextAttemptAt))).toBeTruthy();
  expect(within(toast).queryByText('Failed to Send Email')).toBeNull();
  expect(closed).toBe(true);
});

it('sends a retry of the same message with the same Idempotency-Key, and a changed message with a new one', async () => {
  routes['/api/pull-tickets/1/email'] = { status: 504, body: '{"message":"The documents service did not answer in time"}' };
  renderWithPlatform(<EmailPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByLabelText('Subject');
  await send();
  await screen.findByText('The documents service did not answer in time');
  await send();
  await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Rush, please.' } });
  await send();
  await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(3));
  const [first, retry, changed] = api.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey);
  expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  expect(retry).toBe(first);
  expect(changed).not.toBe(first);
});
