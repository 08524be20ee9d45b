import { expect, it } from '@jest/globals';
import { normalizeLineItems, orDash } from './lineItems.js';

it('reads an array with the camelCase names', () => {
  expect(normalizeLineItems([{ itemId: '19', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.12, totalPrice: 60, sku: 'PC-46' }])).toEqual([
    { itemId: '19', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.12, totalPrice: 60, description: null, sku: 'PC-46' },
  ]);
});

it('reads JSON text with the alternate names, computing the total from quantity × unit price', () => {
  const text = JSON.stringify([{ item_id: 7, item_name: 'Brochure', qty: '3', unit_price: '2.50', description: 'Tri-fold' }]);
  expect(normalizeLineItems(text)).toEqual([
    { itemId: '7', itemName: 'Brochure', quantity: 3, unitPrice: 2.5, totalPrice: 7.5, description: 'Tri-fold', sku: null },
  ]);
});

it('defaults missing numbers to 0 and missing texts to a dash when shown', () => {
  const [line] = normalizeLineItems([{}]);
  expect(line).toEqual({ itemId: null, itemName: null, quantity: 0, unitPrice: 0, totalPrice: 0, description: null, sku: null });
  expect(orDash(line!.itemName)).toBe('-');
  expect(orDash('Banner')).toBe('Banner');
});

it('gives no lines for unreadable text, null or non-list values', () => {
  expect(normalizeLineItems('not json')).toEqual([]);
  expect(normalizeLineItems(null)).toEqual([]);
  expect(normalizeLineItems('{"itemId":"1"}')).toEqual([]);
  expect(normalizeLineItems([null, 'x'])).toEqual([]);
});
