import { describe, expect, it } from '@jest/globals';
import { ACCEPT_FIRST, EVERY_UNIT_RELEASED, NO_COVERING_PO, ONLY_ACCEPTED_ORDERS, pullTicketRefusal } from './pullTicketCreation.js';
import { releasedLines, releaseQuantities } from './release.js';

const flyers = { itemId: 'flyer', ordered: 500, released: 200, shipped: 0 };
const cards = { itemId: 'card', ordered: 250, released: 250, shipped: 250 };

describe('releaseQuantities', () => {
  it('releases every unit left without lines, and nothing of an item already on tickets', () => {
    expect(releaseQuantities([flyers, cards])).toEqual(new Map([['flyer', 300]]));
  });

  it('names the line that asks for more than is left, or for nothing', () => {
    expect(releaseQuantities([flyers, cards], [{ itemId: 'flyer', quantity: 300 }])).toEqual(new Map([['flyer', 300]]));
    expect(
      releaseQuantities(
        [flyers, cards],
        [
          { itemId: 'flyer', quantity: 200 },
          { itemId: 'flyer', quantity: 101 },
        ],
      ),
    ).toEqual({
      field: 'lines.1.quantity',
      message: 'Only 300 of flyer is left to release',
    });
    expect(releaseQuantities([flyers], [{ itemId: 'flyer', quantity: 0 }])).toMatchObject({ field: 'lines.0.quantity' });
    expect(releaseQuantities([flyers], [{ itemId: 'poster', quantity: 1 }])).toMatchObject({ field: 'lines.0.itemId' });
  });
});

it('spreads an item’s release over its lines in order, leaving off lines with nothing', () => {
  const lines = [
    { item_id: 'flyer', qty: 100, sku: 'A' },
    { item_id: 'card', qty: 50, sku: 'B' },
    { item_id: 'flyer', qty: 100, sku: 'C' },
  ];
  expect(releasedLines(lines, new Map([['flyer', 150]]))).toEqual([
    { item_id: 'flyer', qty: 100, sku: 'A' },
    { item_id: 'flyer', qty: 50, sku: 'C' },
  ]);
});

it('refuses a ticket for an order not accepted, one no bulk PO covers, or one with every unit on a ticket', () => {
  const accepted = { qbId: '145', status: 'processing' as const, bulkPoId: 7, allocationNote: null };
  expect(pullTicketRefusal(accepted)).toBeNull();
  expect(pullTicketRefusal({ ...accepted, status: 'active' })).toBe(ONLY_ACCEPTED_ORDERS);
  expect(pullTicketRefusal({ ...accepted, status: 'completed' })).toBe(ONLY_ACCEPTED_ORDERS);
  expect(pullTicketRefusal({ ...accepted, bulkPoId: null, allocationNote: NO_COVERING_PO })).toBe(NO_COVERING_PO);
  expect(pullTicketRefusal({ ...accepted, bulkPoId: null })).toBeNull();
  expect(pullTicketRefusal({ ...accepted, unreleasedQuantity: 0 })).toBe(EVERY_UNIT_RELEASED);
  expect(pullTicketRefusal({ ...accepted, unreleasedQuantity: 0.5 })).toBeNull();
});

it('releases a manual order accepted in PrintPool, and tells the broker to accept one not yet accepted', () => {
  const manual = { qbId: null, status: 'processing' as const, bulkPoId: 7, allocationNote: null };
  expect(pullTicketRefusal(manual)).toBeNull();
  expect(pullTicketRefusal({ ...manual, status: 'active' })).toBe(ACCEPT_FIRST);
  expect(pullTicketRefusal({ ...manual, status: 'pending' })).toBe(ACCEPT_FIRST);
  expect(pullTicketRefusal({ ...manual, status: 'cancelled' })).toBe(ONLY_ACCEPTED_ORDERS);
});
