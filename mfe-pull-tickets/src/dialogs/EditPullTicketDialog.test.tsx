/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { PROGRAM_RULE } from '@printpool/contracts';
import { programRuleBreaches } from '@printpool/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { todayInputDate } from '../domain/pullTicketUpdate.js';
import { sentTicket } from '../test-support/tickets.js';
import { EditPullTicketDialog } from './EditPullTicketDialog.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/pull-tickets/1'] = { status: 200, body: '{}' };
});
afterEach(cleanup);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

it('refuses a ship-by date before today and an invalid vendor email', async () => {
  renderWithPlatform(<EditPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Edit Pull Ticket - PT-1001' });
  expect((screen.getByLabelText('Ship By Date') as HTMLInputElement).min).toBe(todayInputDate());
  fill('Ship By Date', '2020-01-01');
  fill('Vendor Email', 'not-an-address');
  save();
  expect(await screen.findByText('Ship-by date cannot be in the past')).toBeTruthy();
  expect(await screen.findByText('Vendor email must be a valid e-mail address')).toBeTruthy();
  expect(api.requests).toEqual([]);

  fill('Ship By Date', todayInputDate());
  fill('Vendor Email', '');
  await waitFor(() => expect(screen.queryByText('Ship-by date cannot be in the past')).toBeNull());
  await waitFor(() => expect(screen.queryByText('Vendor email must be a valid e-mail address')).toBeNull());
});

it('offers the six statuses and saves the edited fields', async () => {
  let closed = false;
  renderWithPlatform(<EditPullTicketDialog ticket={sentTicket} onClose={() => (closed = true)} />);
  await screen.findByRole('dialog', { name: 'Edit Pull Ticket - PT-1001' });
  fireEvent.mouseDown(screen.getByLabelText('Status'));
  await screen.findByTitle('Delivered');
  const options = [...document.querySelectorAll('.ant-select-item-option')];
  expect(options.map((option) => option.textContent)).toEqual(['Pending', 'Sent', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
  fireEvent.click(screen.getByTitle('Processing'));
  fill('Vendor Phone', '555-0123');
  fill('Notes', '');
  save();

  expect(await screen.findByText('Pull ticket updated successfully')).toBeTruthy();
  const put = api.requests.find((r) => r.method === 'PUT');
  expect(put?.path).toBe('/api/pull-tickets/1');
  expect(JSON.parse(put?.body ?? '{}')).toEqual({
    vendorEmail: 'orders@acmeprint.com',
    vendorPhone: '555-0123',
    vendorAddress: '50 Press Rd, Boston, MA',
    status: 'processing',
    notes: null,
    shipByDate: '2099-03-10',
  });
  expect(closed).toBe(true);
});

it("names the version it was opened at, and when someone saved the ticket meanwhile keeps the person's input and saves their choice again", async () => {
  renderWithPlatform(<EditPullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog', { name: 'Edit Pull Ticket - PT-1001' });
  fill('Notes', 'Rush: customer event on Friday');
  routes['/api/pull-tickets/1'] = {
    status: 409,
    body: JSON.stringify({
      message: 'Someone changed this pull ticket since you opened it: Vendor phone, Notes',
      code: 'VERSION_CONFLICT',
      details: {
        current: { ...sentTicket, vendorPhone: '555-9999', notes: 'Call before pickup', version: 'v2' },
        differences: [
          { field: 'Vendor phone', path: ['vendorPhone'], current: '555-9999', proposed: sentTicket.vendorPhone },
          { field: 'Notes', path: ['notes'], current: 'Call before pickup', proposed: 'Rush: customer event on Friday' },
        ],
      },
    }),
  };
  save();

  const review = await screen.findByTestId('version-conflict');
  expect(within(review).getByText('Someone changed this pull ticket since you opened it')).toBeTruthy();
  expect(api.requests.find((r) => r.method === 'PUT')?.ifMatch).toBe('"v1"');
  expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Rush: customer event on Friday');
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Keep for Vendor phone' })).getByLabelText('Saved: 555-9999'));
  routes['/api/pull-tickets/1'] = { status: 200, body: '{}' };
  fireEvent.click(within(review).getByRole('button', { name: 'Save again' }));

  expect(await screen.findByText('Pull ticket updated successfully')).toBeTruthy();
  const again = api.requests.filter((r) => r.method === 'PUT')[1]!;
  expect(again.ifMatch).toBe('"v2"');
  expect(JSON.parse(again.body)).toMatchObject({ vendorPhone: '555-9999', notes: 'Rush: customer event on Friday' });
});

it('asks why when taking a cancelled ticket back breaks its program, and saves it with the reason', async () => {
  const cancelled = { ...sentTicket, status: 'cancelled' as const };
  let closed = false;
  renderWithPlatform(<EditPullTicketDialog ticket={cancelled} onClose={() => (closed = true)} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Pull Ticket - PT-1001' });
  fireEvent.mouseDown(screen.getByLabelText('Status'));
  fireEvent.click(await screen.findByTitle('Pending'));
  // svc-inventory's 409, worded by the rule it refuses by (libs/domain programRules.ts).
  const program = { purchaseOrderId: 3001, poNumber: 'PO-3001-BL', minReleaseQuantity: 2500, expiresOn: '2099-12-31' };
  const items = [{ itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 500, onProgram: 8000 }];
  const breaches = programRuleBreaches(program, items, '2026-06-01');
  routes['/api/pull-tickets/1'] = {
    status: 409,
    body: JSON.stringify({
      message: breaches[0]!.message,
      code: PROGRAM_RULE,
      details: { ...breaches[0]!, breaches, program, items, checkedOn: '2026-06-01' },
    }),
  };
  save();

  const rule = await within(dialog).findByTestId('program-rule');
  expect(within(rule).getByText('Releasing 500 of Postcard 4x6 is below the minimum release of 2,500 units on PO-3001-BL.')).toBeTruthy();
  // Taking a ticket back changes no quantity: there is nothing to release all of, only the override.
  expect(within(rule).queryByRole('button', { name: /Release all/ })).toBeNull();
  fireEvent.change(within(rule).getByLabelText('Override reason'), { target: { value: 'Customer confirmed the samples again' } });
  routes['/api/pull-tickets/1'] = { status: 200, body: '{}' };
  fireEvent.click(within(rule).getByRole('button', { name: 'Override and save' }));

  expect(await screen.findByText('Pull ticket updated successfully')).toBeTruthy();
  const [first, second] = api.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body));
  expect(first).toMatchObject({ status: 'pending' });
  expect(first.override).toBeUndefined();
  expect(second).toMatchObject({ status: 'pending', override: { reason: 'Customer confirmed the samples again' } });
  expect(closed).toBe(true);
});
