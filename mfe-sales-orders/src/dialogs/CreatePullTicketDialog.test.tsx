/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { PROGRAM_RULE, type ProgramRuleRefusal } from '@printpool/contracts';
import { programRuleBreaches, type ProgramItemRelease } from '@printpool/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { CreatePullTicketDialog } from './CreatePullTicketDialog.js';

// The release dialog when a ticket breaks its bulk PO's program (docs/product.md §11).
const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const CREATE = '/api/sales-orders/5/create-pull-ticket';

const order = (flyers: number) =>
  salesOrder({
    id: 5,
    soNumber: 'EST-1005-BL',
    status: 'processing',
    qbId: '145',
    bulkPoId: 9,
    bulkPoNumber: 'PO-9001-BL',
    items: [salesOrderItem({ lineId: '1', itemId: 'flyer', itemName: 'Flyer A5', quantity: flyers, unitPrice: 0.2, releasedQuantity: 0, shippedQuantity: 0 })],
    totalQuantity: flyers,
  });

/** svc-inventory's 409 for releasing `quantity` flyers of a program of 10,000 with releases of 2,500 at least, as its rule words it. */
function refused(quantity: number, onProgram = 10_000): Route {
  const program = { purchaseOrderId: 9, poNumber: 'PO-9001-BL', minReleaseQuantity: 2500, expiresOn: '2099-12-31' };
  const items: ProgramItemRelease[] = [{ itemId: 'flyer', itemName: 'Flyer A5', quantity, onProgram }];
  const breaches = programRuleBreaches(program, items, '2026-06-01');
  const details: ProgramRuleRefusal = { ...breaches[0]!, breaches, program, items, checkedOn: '2026-06-01' };
  return { status: 409, body: JSON.stringify({ message: breaches.map((breach) => breach.message).join(' '), code: PROGRAM_RULE, details }) };
}

beforeEach(() => {
  routes[CREATE] = { status: 201, body: '{}' };
});
afterEach(cleanup);

const posts = () => api.requests.filter((request) => request.method === 'POST').map((request) => JSON.parse(request.body || '{}'));

async function openDialog(flyers: number, onClose = () => {}) {
  renderWithPlatform(<CreatePullTicketDialog order={order(flyers)} onClose={onClose} />);
  return screen.findByRole('dialog', { name: 'Create Pull Ticket - EST-1005-BL' });
}

it('shows the rule a release below the minimum breaks, and sends it with the reason the broker gives', async () => {
  let closed = false;
  const dialog = await openDialog(3000, () => (closed = true));
  fireEvent.change(within(dialog).getByLabelText('Release now of Flyer A5'), { target: { value: '300' } });
  routes[CREATE] = refused(300);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));

  const rule = await within(dialog).findByTestId('program-rule');
  expect(within(rule).getByText('Releasing 300 of Flyer A5 is below the minimum release of 2,500 units on PO-9001-BL.')).toBeTruthy();
  const overrideButton = within(rule).getByRole('button', { name: 'Override and create' });
  expect(overrideButton.hasAttribute('disabled')).toBe(true);
  fireEvent.change(within(rule).getByLabelText('Override reason'), { target: { value: '  Samples for the trade show  ' } });
  routes[CREATE] = { status: 201, body: '{}' };
  await waitFor(() => expect(overrideButton.hasAttribute('disabled')).toBe(false));
  fireEvent.click(overrideButton);

  expect(await screen.findByText('Pull ticket created successfully')).toBeTruthy();
  expect(posts()).toEqual([
    { lines: [{ itemId: 'flyer', quantity: 300 }] },
    { lines: [{ itemId: 'flyer', quantity: 300 }], override: { reason: 'Samples for the trade show' } },
  ]);
  expect(closed).toBe(true);
});

it('offers to release all of a remainder too small for a release, which then needs no override', async () => {
  const dialog = await openDialog(10_000);
  const releaseNow = within(dialog).getByLabelText('Release now of Flyer A5') as HTMLInputElement;
  fireEvent.change(releaseNow, { target: { value: '8000' } });
  routes[CREATE] = refused(8000);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));

  const rule = await within(dialog).findByTestId('program-rule');
  expect(
    within(rule).getByText('Releasing 8,000 of Flyer A5 leaves 2,000 on PO-9001-BL, below its minimum release of 2,500 units: release all 10,000 instead.'),
  ).toBeTruthy();
  fireEvent.click(within(rule).getByRole('button', { name: 'Release all 10,000' }));
  await waitFor(() => expect(releaseNow.value).toBe('10000'));
  // Checked again by the server's own rule: nothing is broken now, so nothing asks for a reason.
  await waitFor(() => expect(within(dialog).queryByTestId('program-rule')).toBeNull());
  routes[CREATE] = { status: 201, body: '{}' };
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));

  expect(await screen.findByText('Pull ticket created successfully')).toBeTruthy();
  expect(posts()).toEqual([{ lines: [{ itemId: 'flyer', quantity: 8000 }] }, {}]);
});

it('offers no "release all" that takes more than the order has left', async () => {
  const dialog = await openDialog(3000);
  fireEvent.change(within(dialog).getByLabelText('Release now of Flyer A5'), { target: { value: '2000' } });
  // The program holds 4,000 for this order: all of it is more than the order's 3,000.
  routes[CREATE] = refused(2000, 4000);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));
  const rule = await within(dialog).findByTestId('program-rule');
  expect(within(rule).getByText(/leaves 2,000 on PO-9001-BL/)).toBeTruthy();
  expect(within(rule).queryByRole('button', { name: /Release all/ })).toBeNull();
  expect(within(rule).getByLabelText('Override reason')).toBeTruthy();
});

it('stops asking for a reason once the broker releases a whole minimum', async () => {
  const dialog = await openDialog(3000);
  const releaseNow = within(dialog).getByLabelText('Release now of Flyer A5');
  fireEvent.change(releaseNow, { target: { value: '2000' } });
  routes[CREATE] = refused(2000, 6000);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));
  expect(await within(dialog).findByText('Releasing 2,000 of Flyer A5 is below the minimum release of 2,500 units on PO-9001-BL.')).toBeTruthy();
  fireEvent.change(releaseNow, { target: { value: '2500' } });
  await waitFor(() => expect(within(dialog).queryByTestId('program-rule')).toBeNull());
});
