import type { PoolPurchaseOrder } from './coverage.js';
import { reallocate, type MovableOrder } from './reallocation.js';

/** Purchase order 10 is the oldest, 20 the newest; each holds flyers (lines 1, 3) and cards (lines 2, 4). */
const pool = (older: [number, number], newer: [number, number]): PoolPurchaseOrder[] => [
  {
    id: 10,
    lines: [
      { id: 1, itemQbId: 'flyer', qtyRemaining: older[0] },
      { id: 2, itemQbId: 'card', qtyRemaining: older[1] },
    ],
  },
  {
    id: 20,
    lines: [
      { id: 3, itemQbId: 'flyer', qtyRemaining: newer[0] },
      { id: 4, itemQbId: 'card', qtyRemaining: newer[1] },
    ],
  },
];

/** An order of `flyers` flyers (its line id*10+1), dated by `day`, holding `held` on `bulkPoId`. */
function order(id: number, day: number, flyers: number, bulkPoId: number | null = null, held: MovableOrder['held'] = []): MovableOrder {
  return {
    id,
    qbId: String(id),
    txnDate: `2025-02-${String(day).padStart(2, '0')}`,
    demand: [{ salesOrderLineId: id * 10 + 1, itemQbId: 'flyer', quantity: flyers }],
    bulkPoId,
    held,
  };
}

const outcome = (moves: ReturnType<typeof reallocate>) =>
  moves.map(({ order, plan }) => ({ id: order.id, po: plan?.purchaseOrderId ?? null, draws: plan?.draws.map((d) => [d.supplyLineId, d.qty]) ?? [] }));

describe('reallocation', () => {
  it('gives the same allocation whatever order the orders come in', () => {
    const orders = [order(1, 3, 6), order(2, 1, 6), order(3, 2, 5), order(4, 4, 1)];
    const expected = outcome(reallocate(orders, pool([10, 0], [6, 0])));
    expect(expected).toEqual([
      { id: 2, po: 10, draws: [[1, 6]] },
      { id: 3, po: 20, draws: [[3, 5]] },
      // Order 1 finds nothing left, as before: nothing to change.
      { id: 4, po: 10, draws: [[1, 1]] },
    ]);
    for (const shuffled of [[...orders].reverse(), [orders[2]!, orders[0]!, orders[3]!, orders[1]!]]) {
      expect(outcome(reallocate(shuffled, pool([10, 0], [6, 0])))).toEqual(expected);
    }
  });

  it('moves an order to an older purchase order that arrived after it, counting what it held as free', () => {
    // Order 1 holds 4 flyers of line 3 (the newer PO has 2 left of 6); the older PO covers it.
    const moves = reallocate([order(1, 1, 4, 20, [{ salesOrderLineId: 11, supplyLineId: 3, qty: 4 }])], pool([5, 0], [2, 0]));
    expect(outcome(moves)).toEqual([{ id: 1, po: 10, draws: [[1, 4]] }]);
  });

  it('gives an older order back what a newer one took, and leaves the newer waiting', () => {
    const newer = order(2, 9, 5, 10, [{ salesOrderLineId: 21, supplyLineId: 1, qty: 5 }]);
    expect(outcome(reallocate([newer, order(1, 1, 5)], pool([0, 0], [0, 0])))).toEqual([
      { id: 1, po: 10, draws: [[1, 5]] },
      { id: 2, po: null, draws: [] },
    ]);
  });

  it('answers nothing for orders already holding what the data gives them', () => {
    const settled = [order(1, 1, 5, 10, [{ salesOrderLineId: 11, supplyLineId: 1, qty: 5 }]), order(2, 2, 9)];
    expect(reallocate(settled, pool([3, 0], [0, 0]))).toEqual([]);
  });

  it('leaves an order holding units outside the pool (its PO closed) as it is', () => {
    const onClosed = order(1, 1, 5, 30, [{ salesOrderLineId: 11, supplyLineId: 99, qty: 5 }]);
    expect(reallocate([onClosed], pool([10, 0], [0, 0]))).toEqual([]);
  });
});
