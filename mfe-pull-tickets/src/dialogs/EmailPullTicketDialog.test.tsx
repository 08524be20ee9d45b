/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Route } from '../../../libs/platform/test-support/apiServer.js';
import { renderWithPlatform } from '../../../libs/platform/test-support/renderWithPlatform.js';
import { serveApiDuringTests } from '../../../libs/platform/test-support/serveApi.js';
import { sentTicket, shippedTicket } from '../test-support/tickets.js';
import { EmailPullTicketDialog } from './EmailPullTicketDialog.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/pull-tickets/1/email'] = { status: 200, body: '{}' };
});
afterEach(cleanup);

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));

it('says an address is required and makes no call without one', async () => {
  renderWithPlatform(<EmailPullTicketDialog ticket={shippedTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Email Pull Ticket - PT-1002' });
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: '   ' } });
  send();
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
  send();
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
  send();
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Failed to Send Email')).toBeTruthy();
  expect(within(toast).getByText('Mail server refused the message')).toBeTruthy();
});
