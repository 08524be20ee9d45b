import { expect, it } from '@jest/globals';
import { normalizePullTicketItems, totalQuantity } from './pullTicketItems.js';

it('reads items from an array or JSON text, snake_case or camelCase', () => {
  const stored = [{ item_id: 7, item_name: 'Postcard', description: '', sku: 'PC', qty: '100', unit_price: '0.25' }];
  const expected = [{ itemId: '7', itemName: 'Postcard', description: null, sku: 'PC', quantity: 100, unitPrice: 0.25 }];
  expect(normalizePullTicketItems(stored)).toEqual(expected);
  expect(normalizePullTicketItems(JSON.stringify(stored))).toEqual(expected);
  expect(normalizePullTicketItems([{ itemId: '7', itemName: 'Postcard', sku: 'PC', quantity: 100, unitPrice: 0.25 }])).toEqual(expected);
});

it('gives no items for unreadable text or a missing list', () => {
  expect(normalizePullTicketItems('not json')).toEqual([]);
  expect(normalizePullTicketItems(null)).toEqual([]);
  expect(normalizePullTicketItems([null, 'x'])).toEqual([]);
});

it('sums the quantities', () => {
  expect(totalQuantity([{ qty: 500 }, { qty: '250' }, { qty: 'n/a' }])).toBe(750);
  expect(totalQuantity('[]')).toBe(0);
});
