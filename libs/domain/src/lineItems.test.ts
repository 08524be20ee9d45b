import { expect, it, jest } from '@jest/globals';
import { orDash } from './display.js';
import { bundleLabel, groupBundles, normalizeLineItems, totalQuantity } from './lineItems.js';

it('reads an array with the camelCase names', () => {
  expect(normalizeLineItems([{ itemId: '19', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.12, totalPrice: 60, sku: 'PC-46' }])).toEqual([
    {
      lineId: null,
      itemId: '19',
      itemName: 'Postcard 4x6',
      description: null,
      sku: 'PC-46',
      quantity: 500,
      unitPrice: 0.12,
      totalPrice: 60,
      quantityRemaining: 500,
    },
  ]);
});

it('reads JSON text with the snake_case and short names, computing the total from quantity × unit price', () => {
  const stored = [{ item_id: 7, item_name: 'Brochure', qty: '3', unit_price: '2.50', description: 'Tri-fold', sku: '' }];
  const expected = [
    { lineId: null, itemId: '7', itemName: 'Brochure', description: 'Tri-fold', sku: null, quantity: 3, unitPrice: 2.5, totalPrice: 7.5, quantityRemaining: 3 },
  ];
  expect(normalizeLineItems(JSON.stringify(stored))).toEqual(expected);
  expect(normalizeLineItems(stored)).toEqual(expected);
});

it('reads what is left of a purchase order line; a line without its own figure has all of it', () => {
  const line = { itemName: 'Poly Mailer', itemId: '7', qty: 4, unitPrice: '2.50' };
  expect(normalizeLineItems([{ ...line, qtyRemaining: 1 }])[0]).toMatchObject({ quantity: 4, totalPrice: 10, quantityRemaining: 1 });
  expect(normalizeLineItems([{ ...line, qtyRemaining: 0 }])[0]!.quantityRemaining).toBe(0);
  expect(normalizeLineItems([{ ...line, qtyRemaining: null }])[0]!.quantityRemaining).toBe(4);
});

it('defaults missing numbers to 0 and missing texts to a dash when shown', () => {
  const [line] = normalizeLineItems([{}]);
  expect(line).toEqual({
    lineId: null,
    itemId: null,
    itemName: null,
    description: null,
    sku: null,
    quantity: 0,
    unitPrice: 0,
    totalPrice: 0,
    quantityRemaining: 0,
  });
  expect(orDash(line!.itemName)).toBe('-');
  expect(orDash('Banner')).toBe('Banner');
});

it('gives no lines for unreadable text, null or non-list values, and says why text was unreadable', () => {
  const unreadable = jest.fn();
  expect(normalizeLineItems('[{"itemName":', unreadable)).toEqual([]);
  expect(normalizeLineItems('{"itemId":"1"}', unreadable)).toEqual([]);
  expect(unreadable).toHaveBeenCalledTimes(2);
  expect(normalizeLineItems(null, unreadable)).toEqual([]);
  expect(normalizeLineItems(undefined, unreadable)).toEqual([]);
  expect(normalizeLineItems([null, 'x'], unreadable)).toEqual([]);
  expect(unreadable).toHaveBeenCalledTimes(2);
  expect(normalizeLineItems('not json')).toEqual([]);
});

it('sums the quantities', () => {
  expect(totalQuantity([{ qty: 500 }, { qty: '250' }, { qty: 'n/a' }])).toBe(750);
  expect(totalQuantity('[]')).toBe(0);
});

it('keeps a sub-cent unit price and puts a missing total at the cent QuickBooks would', () => {
  // 10 × 0.2345 is 2.345 (2.3449999999999998 in floating point): QuickBooks makes it 2.35.
  const [line] = normalizeLineItems([{ qty: 10, unit_price: '0.2345' }]);
  expect(line).toMatchObject({ unitPrice: 0.2345, totalPrice: 2.35 });
  expect(normalizeLineItems([{ quantity: 2100, unitPrice: 1.1595 }])[0]?.totalPrice).toBe(2434.95);
});

it("reads a purchase order's expense line as a cost: its amount, no stock", () => {
  const [freight, cards] = normalizeLineItems([
    { kind: 'expense', itemId: null, itemName: 'Freight', qty: 0, unitPrice: 0, qtyRemaining: 0, amount: 45.5 },
    { kind: 'item', itemId: '9', itemName: 'Business Cards', qty: 500, unitPrice: 0.05, qtyRemaining: 500, amount: 25 },
  ]);
  expect(freight).toMatchObject({ kind: 'expense', itemName: 'Freight', quantity: 0, totalPrice: 45.5, quantityRemaining: 0 });
  expect(cards).toMatchObject({ quantity: 500, totalPrice: 25, quantityRemaining: 500 });
  expect(cards!.kind).toBeUndefined();
  expect(totalQuantity([{ kind: 'expense', qty: 7 }, { qty: 5 }])).toBe(5);
});

it('groups the components of one bundle under it, at the place of the first, lines sold alone apart', () => {
  const kit = { lineId: '3', itemId: '40', name: 'Event Kit', quantity: 4 };
  const lines = normalizeLineItems([
    { lineId: '1', itemName: 'Flyer', quantity: 100, unitPrice: 0.1 },
    { lineId: '4', itemName: 'Banner', quantity: 4, unitPrice: 20, bundle: kit },
    { lineId: '5', itemName: 'Lanyard', quantity: 40, unitPrice: 1, bundle: kit },
    { lineId: '6', itemName: 'Poster', quantity: 2, unitPrice: 5, bundle: null },
  ]);
  const groups = groupBundles(lines);
  expect(groups.map((group) => [group.bundle && bundleLabel(group.bundle), group.lines.map((line) => line.itemName)])).toEqual([
    [null, ['Flyer']],
    ['Event Kit × 4', ['Banner', 'Lanyard']],
    [null, ['Poster']],
  ]);
});
