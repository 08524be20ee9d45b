import { expect, it } from '@jest/globals';
import type { OpenBulkPurchaseOrder } from '../api/openBulkPurchaseOrders.js';
import { coveringPurchaseOrders } from './coveringPurchaseOrders.js';

const po = (id: number, items: OpenBulkPurchaseOrder['items'], extra: Partial<OpenBulkPurchaseOrder> = {}): OpenBulkPurchaseOrder => ({
  id,
  poNumber: `PO-${id}-BL`,
  vendorName: 'Acme Print',
  status: 'open',
  quantityRemaining: items.reduce((sum, item) => sum + item.quantity, 0),
  items,
  ...extra,
});

const ids = (list: OpenBulkPurchaseOrder[]) => list.map((p) => p.id);

it('offers only orders holding every item with enough quantity', () => {
  const both = po(1, [{ itemId: 'A', quantity: 100 }, { itemId: 'B', quantity: 50 }]);
  const onlyA = po(2, [{ itemId: 'A', quantity: 1000 }]);
  const tooFewB = po(3, [{ itemId: 'A', quantity: 100 }, { itemId: 'B', quantity: 49 }]);
  const demand = [{ itemId: 'A', quantity: 100 }, { itemId: 'B', quantity: 50 }];
  expect(ids(coveringPurchaseOrders([both, onlyA, tooFewB], demand))).toEqual([1]);
});

it('adds up an item that appears on several lines, on both sides', () => {
  const split = po(1, [{ itemId: 'A', quantity: 30 }, { itemId: 'A', quantity: 30 }]);
  expect(ids(coveringPurchaseOrders([split], [{ itemId: 'A', quantity: 40 }, { itemId: 'A', quantity: 20 }]))).toEqual([1]);
  expect(ids(coveringPurchaseOrders([split], [{ itemId: 'A', quantity: 40 }, { itemId: 'A', quantity: 21 }]))).toEqual([]);
});

it('skips orders that are not open or have nothing left', () => {
  const items = [{ itemId: 'A', quantity: 10 }];
  const closed = po(1, items, { status: 'closed' });
  const empty = po(2, items, { quantityRemaining: 0 });
  expect(coveringPurchaseOrders([closed, empty], [{ itemId: 'A', quantity: 1 }])).toEqual([]);
});

it('matches numeric and text item ids alike and ignores lines without an item', () => {
  const numeric = po(1, [{ itemId: 7, quantity: 5 }]);
  expect(ids(coveringPurchaseOrders([numeric], [{ itemId: '7', quantity: 5 }, { itemId: null, quantity: 3 }]))).toEqual([1]);
});
