/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { sentTicket, shippedTicket } from '../test-support/tickets.js';
import { ShipPullTicketDialog } from './ShipPullTicketDialog.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

/** The ship answer (libs/contracts PullTicketShippedSchema): the shipped ticket and what became of the customer's e-mail. */
const shipped = (notification: unknown): Route => ({ status: 200, body: JSON.stringify({ ...sentTicket, status: 'shipped', notification }) });

beforeEach(() => {
  routes['/api/pull-tickets/1/ship'] = shipped({ sent: true });
  routes['/api/pull-tickets/2/ship'] = shipped({ sent: true });
});
afterEach(cleanup);

const notify = () => screen.getByRole('switch', { name: 'Send shipping notification to customer' });
const shipBody = () => JSON.parse(api.requests.find((r) => r.method === 'POST')?.body ?? '{}');

it('notifies the customer by default, at the address on the ticket', async () => {
  renderWithPlatform(<ShipPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Ship Pull Ticket - PT-1001' });
  expect(notify().getAttribute('aria-checked')).toBe('true');
  expect((screen.getByLabelText('Customer Email') as HTMLInputElement).value).toBe('office@harbordental.com');
  fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
  expect(await screen.findByText('Pull ticket marked as shipped and customer notified')).toBeTruthy();
  expect(api.requests.find((r) => r.method === 'POST')?.path).toBe('/api/pull-tickets/1/ship');
  expect(shipBody()).toEqual({
    sendEmail: true,
    carrier: '',
    trackingNumber: '',
    customerEmail: 'office@harbordental.com',
    emailSubject: 'Pull Ticket PT-1001 - Shipped',
    emailBody: '',
  });
});

it('records the carrier and tracking number the broker types, for the notification', async () => {
  renderWithPlatform(<ShipPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Ship Pull Ticket - PT-1001' });
  fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: ' UPS ' } });
  fireEvent.change(screen.getByLabelText('Tracking Number'), { target: { value: '1Z999AA10123456784' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
  expect(await screen.findByText('Pull ticket marked as shipped and customer notified')).toBeTruthy();
  expect(shipBody()).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', sendEmail: true });
});

it('requires the customer email only while the notification is on', async () => {
  renderWithPlatform(<ShipPullTicketDialog ticket={{ ...sentTicket, customerEmail: null }} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Ship Pull Ticket - PT-1001' });
  fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
  expect(await screen.findByText('Customer email is required to send the shipping notification')).toBeTruthy();
  expect(api.requests).toEqual([]);

  fireEvent.click(notify());
  await waitFor(() => expect(screen.queryByLabelText('Customer Email')).toBeNull());
  routes['/api/pull-tickets/1/ship'] = shipped(null);
  fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
  expect(await screen.findByText('Pull ticket marked as shipped')).toBeTruthy();
  expect(shipBody()).toMatchObject({ sendEmail: false });
});

it('for a shipped ticket, offers only the notification', async () => {
  renderWithPlatform(
    <ShipPullTicketDialog ticket={{ ...shippedTicket, customerEmail: 'team@lakeside.com', carrier: 'FedEx', trackingNumber: '7489' }} onClose={() => {}} />,
  );
  await screen.findByRole('dialog', { name: 'Ship Pull Ticket - PT-1002' });
  expect((screen.getByLabelText('Carrier') as HTMLInputElement).value).toBe('FedEx');
  expect(screen.queryByRole('button', { name: 'Mark as Shipped' })).toBeNull();
  expect(screen.queryByRole('switch')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
  expect(await screen.findByText('Pull ticket marked as shipped and customer notified')).toBeTruthy();
  expect(shipBody()).toMatchObject({
    sendEmail: true,
    customerEmail: 'team@lakeside.com',
    emailSubject: 'Pull Ticket PT-1002 - Shipped',
    carrier: 'FedEx',
    trackingNumber: '7489',
  });
});

it('says when a notice the mail server refused goes out by itself, so the broker does not send it again', async () => {
  const nextAttemptAt = new Date(2026, 10, 27, 14, 5).toISOString();
  routes['/api/pull-tickets/1/ship'] = shipped({ sent: false, queued: true, nextAttemptAt });
  renderWithPlatform(<ShipPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Ship Pull Ticket - PT-1001' });
  fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
  expect(await screen.findByText('Queued: the e-mail will be sent again at 14:05')).toBeTruthy();
  expect(screen.queryByText('Pull ticket marked as shipped and customer notified')).toBeNull();
});

it('says the customer was not notified, and why, when the notice will not go out', async () => {
  routes['/api/pull-tickets/1/ship'] = shipped({ sent: false, error: 'Customer email is required' });
  renderWithPlatform(<ShipPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Ship Pull Ticket - PT-1001' });
  fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
  expect(await screen.findByText('Pull ticket marked as shipped, but the customer was not notified')).toBeTruthy();
  expect(screen.getByText('Customer email is required')).toBeTruthy();
});
