import type { SalesOrder, SalesOrderUpdate } from '@printpool/contracts';
import { salesOrderDifferences, salesOrderVersion } from './salesOrderVersion.js';

const line = (lineId: string | null, quantity: number) => ({
  lineId,
  itemId: 'flyer',
  itemName: 'Flyer',
  quantity,
  unitPrice: 0.1544,
  totalPrice: 0,
  description: null,
  sku: null,
  bundle: null,
});
const order = { customerName: 'Acme', customerEmail: null, status: 'active', bulkPoId: 4, items: [line('2', 4), line(null, 10)] } as unknown as SalesOrder;

describe("a sales order's version", () => {
  it('changes with what the form shows, and with nothing else', () => {
    const base = salesOrderVersion(order);
    expect(salesOrderVersion({ ...order, syncStatus: 'syncing', totalAmount: '9.99' } as SalesOrder)).toBe(base);
    expect(salesOrderVersion({ ...order, items: [line('2', 5), line(null, 10)] } as SalesOrder)).not.toBe(base);
    expect(salesOrderVersion({ ...order, status: 'completed' } as SalesOrder)).not.toBe(base);
  });

  it('names each field where a stale write and the order differ, lines by QuickBooks id or by place', () => {
    const asInput = ({ lineId, itemId, itemName, quantity, unitPrice, description }: ReturnType<typeof line>) => ({
      qbLineId: lineId,
      itemQbId: itemId,
      itemName,
      quantity,
      unitPrice,
      description,
      sku: null,
      amount: 0,
    });
    const proposed = { ...order, customerName: 'Acme Inc', items: [line('2', 4), line(null, 12), line(null, 1)].map(asInput) } as unknown as SalesOrderUpdate;
    expect(salesOrderDifferences(order, proposed)).toEqual([
      { field: 'Customer', path: ['customerName'], current: 'Acme', proposed: 'Acme Inc' },
      { field: 'Item Flyer quantity', path: ['items', '#1', 'quantity'], current: 10, proposed: 12 },
      { field: 'Item Flyer', path: ['items', '#2'], current: null, proposed: expect.objectContaining({ quantity: 1 }) },
    ]);
  });
});
