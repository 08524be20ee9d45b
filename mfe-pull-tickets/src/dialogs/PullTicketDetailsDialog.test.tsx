import { afterEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@printpool/platform/testing';
import type { PullTicket } from '../api/pullTickets.js';
import { sentTicket, ticketLine } from '../test-support/tickets.js';
import { PullTicketDetailsDialog } from './PullTicketDetailsDialog.js';

afterEach(cleanup);

// As svc-inventory sends a ticket of an estimate with a QuickBooks bundle (Group item): each component keeps the bundle it was sold in.
const kit = { lineId: '10', itemId: 'G-1', name: 'Event Kit', quantity: 4 };
const withBundle: PullTicket = {
  ...sentTicket,
  ptNumber: 'PT-1010',
  items: [
    { item_id: 'I-4', item_name: 'Postcard 4x6', description: 'Glossy', sku: 'PC-46', qty: 500, unit_price: 0.1 },
    { item_id: 'I-7', item_name: 'Banner', description: '3 x 6 ft', sku: 'BN-36', qty: 4, unit_price: 20, bundle: kit },
    { item_id: 'I-8', item_name: 'Lanyard', description: null, sku: 'LY-1', qty: 40, unit_price: 0.5306667, bundle: kit },
  ],
};

const rowsOf = async (name: string) => {
  const dialog = await screen.findByRole('dialog', { name });
  const rows = within(within(dialog).getByRole('table', { name: 'Pull ticket items' }))
    .getAllByRole('row')
    .slice(1);
  return {
    dialog,
    cells: rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  };
};

it('shows a bundle as the customer bought it, its components under it with their whole-bundle quantities', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={withBundle} onClose={() => {}} />);
  const { dialog, cells } = await rowsOf('Pull Ticket Details - PT-1010');
  expect(cells).toEqual([
    ['I-4', 'Postcard 4x6', 'Glossy', 'PC-46', '500', '$0.10'],
    ['Event Kit × 4'],
    ['I-7', 'Banner', '3 x 6 ft', 'BN-36', '4', '$20.00'],
    ['I-8', 'Lanyard', '-', 'LY-1', '40', '$0.5306667'],
  ]);
  // The components are what the vendor pulls: the total counts them, not the bundle row.
  expect(within(within(dialog).getByRole('group', { name: 'Ticket' })).getByText('544')).toBeTruthy();
});

it('keeps two bundles of the same kit on one ticket apart by their QuickBooks line', async () => {
  const second = { ...kit, lineId: '20', quantity: 1 };
  const ticket: PullTicket = {
    ...withBundle,
    ptNumber: 'PT-1011',
    items: [
      ticketLine({ item_id: 'I-7', item_name: 'Banner', qty: 4, unit_price: 20, bundle: kit }),
      ticketLine({ item_id: 'I-7', item_name: 'Banner', qty: 1, unit_price: 20, bundle: second }),
      ticketLine({ item_id: 'I-8', item_name: 'Lanyard', qty: 40, unit_price: 0.5, bundle: kit }),
    ],
  };
  renderWithPlatform(<PullTicketDetailsDialog ticket={ticket} onClose={() => {}} />);
  const { cells } = await rowsOf('Pull Ticket Details - PT-1011');
  expect(cells).toEqual([
    ['Event Kit × 4'],
    ['I-7', 'Banner', '-', '-', '4', '$20.00'],
    ['I-8', 'Lanyard', '-', '-', '40', '$0.50'],
    ['Event Kit × 1'],
    ['I-7', 'Banner', '-', '-', '1', '$20.00'],
  ]);
});

it('shows a ticket without bundles line by line, as before', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={sentTicket} onClose={() => {}} />);
  const { cells } = await rowsOf('Pull Ticket Details - PT-1001');
  expect(cells).toEqual([
    ['I-1', 'Postcard 4x6', 'Glossy', 'PC-46', '500', '$0.25'],
    ['I-2', 'Brochure', '-', 'BR-1', '250', '$0.0941'],
  ]);
});

it('shows the approval notes and the proof, and the shipment with its carrier and tracking number', async () => {
  const approved: PullTicket = {
    ...sentTicket,
    status: 'shipped',
    approvalNotes: 'Colours approved by Dana.\nRun 500.',
    attachmentPath: '/api/attachments/42',
    shippedAt: '2026-03-05T15:00:00.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  };
  renderWithPlatform(<PullTicketDetailsDialog ticket={approved} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Pull Ticket Details - PT-1001' });
  const approval = within(dialog).getByRole('group', { name: 'Approval' });
  expect(approval.textContent).toContain('Colours approved by Dana.');
  expect(within(approval).getByRole('img', { name: 'Approved proof' }).getAttribute('src')).toBe('/api/attachments/42');
  expect(within(approval).getByRole('link', { name: 'Open the proof' }).getAttribute('href')).toBe('/api/attachments/42');
  // A PDF proof does not load as an image: the link says what it opens.
  fireEvent.error(within(approval).getByRole('img', { name: 'Approved proof' }));
  expect(await within(approval).findByRole('link', { name: 'Open the proof (PDF)' })).toBeTruthy();
  expect(within(approval).queryByRole('img')).toBeNull();
  const shipment = within(dialog).getByRole('group', { name: 'Shipment' });
  expect(shipment.textContent).toContain('Carrier: UPS');
  expect(shipment.textContent).toContain('Tracking Number: 1Z999AA10123456784');
});

it('shows no approval or shipment for a ticket that has had neither', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={sentTicket} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Pull Ticket Details - PT-1001' });
  expect(within(dialog).queryByRole('group', { name: 'Approval' })).toBeNull();
  expect(within(dialog).queryByRole('group', { name: 'Shipment' })).toBeNull();
});

it('links to its sales order and its bulk PO, each opening on its own page', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={{ ...withBundle, soNumber: 'EST-1001-BL', bulkPoNumber: 'PO-7001-BL' }} onClose={() => {}} />);
  const ticketCard = within(await screen.findByRole('group', { name: 'Ticket' }));
  expect(ticketCard.getByRole('link', { name: 'PO-7001-BL' }).getAttribute('href')).toBe('/purchase-orders?search=PO-7001-BL');
  fireEvent.click(ticketCard.getByRole('link', { name: 'EST-1001-BL' }));
  expect(window.location.pathname + window.location.search).toBe('/sales-orders?search=EST-1001-BL');
  window.history.replaceState(null, '', '/');
});

it('shows a fractional quantity as QuickBooks holds it, and totals it exactly', async () => {
  const cartons: PullTicket = {
    ...withBundle,
    ptNumber: 'PT-1012',
    items: [
      ticketLine({ item_id: 'I-4', item_name: 'Envelopes', qty: 2.5, unit_price: 41.3 }),
      ticketLine({ item_id: 'I-5', item_name: 'Labels', qty: 0.1, unit_price: 3 }),
      ticketLine({ item_id: 'I-6', item_name: 'Inserts', qty: 0.2, unit_price: 3 }),
    ],
  };
  renderWithPlatform(<PullTicketDetailsDialog ticket={cartons} onClose={() => {}} />);
  const { dialog, cells } = await rowsOf('Pull Ticket Details - PT-1012');
  expect(cells.map((row) => row[4])).toEqual(['2.5', '0.1', '0.2']);
  expect(within(within(dialog).getByRole('group', { name: 'Ticket' })).getByText('2.8')).toBeTruthy();
});

it('shows the broker the release charge, and the override a ticket breaking its program went out under', async () => {
  const overridden: PullTicket = {
    ...sentTicket,
    ptNumber: 'PT-1012',
    programOverride: {
      reason: 'Samples for the trade show',
      breaches: [{ rule: 'minimumRelease', message: 'Releasing 300 of Postcard 4x6 is below the minimum release of 2,500 units on PO-3001-BL.' }],
    },
  };
  renderWithPlatform(<PullTicketDetailsDialog ticket={overridden} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Pull Ticket Details - PT-1012' });
  expect(within(dialog).getByRole('group', { name: 'Ticket' }).textContent).toContain('Release charge: $75.00');
  const note = within(dialog).getByRole('group', { name: 'Program override' });
  expect(within(note).getByText("Released under an override of its program's rules")).toBeTruthy();
  expect(within(note).getByText('Releasing 300 of Postcard 4x6 is below the minimum release of 2,500 units on PO-3001-BL.')).toBeTruthy();
  expect(within(note).getByText('Reason: Samples for the trade show')).toBeTruthy();
});

it('shows no release charge for a ticket without a bulk PO, nor an override where none was needed', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={{ ...sentTicket, ptNumber: 'PT-1013', releaseCharge: null }} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Pull Ticket Details - PT-1013' });
  expect(within(dialog).getByRole('group', { name: 'Ticket' }).textContent).not.toContain('Release charge');
  expect(within(dialog).queryByRole('group', { name: 'Program override' })).toBeNull();
});
