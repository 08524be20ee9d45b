import { describe, expect, it } from '@jest/globals';
import type { SalesOrderFormValues } from './salesOrderUpdate.js';
import { resolveConflict } from './versionConflict.js';

const mine = {
  customerName: 'Harbor Dental',
  customerEmail: 'office@harbordental.com',
  status: 'active',
  bulkPoId: 11,
  items: [
    { lineId: '3', itemId: 'I-1', itemName: 'Postcard', quantity: 120, unitPrice: 0.25 },
    { lineId: null, itemId: 'I-2', itemName: 'Magnet', quantity: 10, unitPrice: 1 },
  ],
} satisfies SalesOrderFormValues;

describe('resolving a refused save', () => {
  it("takes the saved value only where the person chose 'theirs', by field and by line", () => {
    const differences = [
      { field: 'Customer', path: ['customerName'], current: 'Harbor Dental Group', proposed: 'Harbor Dental' },
      { field: 'Item Postcard quantity', path: ['items', '3', 'quantity'], current: 150, proposed: 120 },
      { field: 'Item Magnet unit price', path: ['items', '#1', 'unitPrice'], current: 0.9, proposed: 1 },
    ];
    const resolved = resolveConflict(mine, differences, ['theirs', 'mine', 'theirs']);
    expect(resolved).toMatchObject({ customerName: 'Harbor Dental Group', items: [{ quantity: 120 }, { unitPrice: 0.9 }] });
    expect(mine.items[1]!.unitPrice).toBe(1);
  });

  it('adds a line only the saved order has, and drops one it no longer has, when chosen', () => {
    const added = { lineId: '9', itemId: 'I-9', itemName: 'Poster', quantity: 3, unitPrice: 2, description: null, sku: null, totalPrice: 6, bundle: null };
    const differences = [
      { field: 'Item Poster', path: ['items', '9'], current: added, proposed: null },
      { field: 'Item Postcard', path: ['items', '3'], current: null, proposed: mine.items[0] },
    ];
    expect(resolveConflict(mine, differences, ['theirs', 'theirs']).items!.map((line) => line.lineId)).toEqual([null, '9']);
    expect(resolveConflict(mine, differences, ['mine', 'mine']).items).toEqual(mine.items);
  });
});
