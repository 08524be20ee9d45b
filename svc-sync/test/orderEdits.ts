import { expect } from '@jest/globals';
import { IF_MATCH_HEADER, type SalesOrder, type SalesOrderItem } from '@printpool/contracts';
import { answered, type Harness } from './support.js';

/**
 * The Sales Orders screens of `tenant` on the harness (with svc-inventory) that `harness` gives
 * once a suite started it: read orders, and save them as the edit form does.
 */
export function orderEdits(harness: () => Harness, tenant: string) {
  const inventory = () => harness().inventory!;
  const order = async (id: number): Promise<SalesOrder> => answered(await inventory().route(tenant, 'get /api/sales-orders/:id', { params: { id } }), 200);
  const salesOrders = async () => answered(await inventory().route(tenant, 'get /api/sales-orders', { query: { limit: 1000 } }), 200);

  /** Saves the order with `items` as the form sends it, on the version it is at now; it is then 'pending' sync. */
  async function save(so: SalesOrder, items: SalesOrderItem[]): Promise<SalesOrder> {
    const edited = await inventory().route(tenant, 'put /api/sales-orders/:id', {
      params: { id: so.id },
      body: {
        id: so.id,
        customerName: so.customerName,
        customerEmail: so.customerEmail ?? '',
        status: so.status,
        bulkPoId: so.bulkPoId,
        totalQuantity: items.reduce((sum, line) => sum + line.quantity, 0),
        totalAmount: items.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0).toFixed(2),
        items: JSON.stringify(items),
      },
      // The version the form was opened at: the order as it is now.
      headers: { [IF_MATCH_HEADER]: (await order(so.id)).version },
    });
    const saved = answered(edited, 200);
    expect(saved.syncStatus).toBe('pending');
    return saved;
  }

  /** Edits an order as the Sales Orders form does, one unit less on its first line (or more, from one). */
  const editFirstLine = (so: SalesOrder, change: Partial<SalesOrderItem> = {}): Promise<SalesOrder> =>
    save(
      so,
      so.items.map((line, i) => (i === 0 ? { ...line, quantity: line.quantity > 1 ? line.quantity - 1 : line.quantity + 1, ...change } : line)),
    );

  return { order, salesOrders, save, editFirstLine };
}
