import { describe, expect, it } from '@jest/globals';
import { SalesOrderUpdateSchema } from './inventorySalesOrders.js';

describe('the sales order form', () => {
  it("reads the form's items from a JSON string with snake_case names", () => {
    const parsed = SalesOrderUpdateSchema.parse({
      customerName: 'A',
      customerEmail: '',
      status: 'pending',
      items: '[{"item_id":"7","qty":2,"unit_price":"1.50"}]',
    });
    expect(parsed.customerEmail).toBeNull();
    expect(parsed.bulkPoId).toBeNull();
    expect(parsed.items).toEqual([{ qbLineId: null, itemQbId: '7', itemName: null, description: null, sku: null, quantity: 2, unitPrice: 1.5, amount: 3 }]);
  });

  it("refuses what the lines' columns cannot hold, also inside the JSON text the input guard does not read", () => {
    const order = (items: unknown, extra: Record<string, unknown> = {}) =>
      SalesOrderUpdateSchema.safeParse({ customerName: 'A', status: 'pending', items, ...extra });
    const line = { itemId: '7', quantity: 2, unitPrice: 1.5 };
    expect(order(JSON.stringify([{ ...line, itemName: 'a\u0000b' }])).success).toBe(false);
    expect(order(JSON.stringify([{ ...line, description: 'x\ud800' }])).success).toBe(false);
    expect(order([{ ...line, sku: 's'.repeat(101) }]).success).toBe(false);
    expect(order([{ ...line, quantity: 2 ** 31 }]).success).toBe(false);
    expect(order([{ ...line, unitPrice: 1e308 }]).success).toBe(false);
    expect(
      order([
        { ...line, quantity: 2 ** 30 },
        { ...line, quantity: 2 ** 30 },
      ]).success,
    ).toBe(false);
    expect(order([line], { customerName: 'n'.repeat(501) }).success).toBe(false);
    expect(order([line], { customerEmail: `${'l'.repeat(250)}@example.com` }).success).toBe(false);
    for (const bulkPoId of [1.5, -1, 0, '1e3', 'abc', 2 ** 53 + 2]) expect(order([line], { bulkPoId }).success).toBe(false);
    expect(order([line], { bulkPoId: '12' }).data?.bulkPoId).toBe(12);
    expect(order([{ ...line, itemName: '😀 cards' }]).success).toBe(true);
  });
});
