import type { Knex } from 'knex';

/** A save of the Sales Order form, as the edit dialog sends it. */
interface OrderForm {
  customerName: string;
  customerEmail: string | null;
  status: string;
  bulkPoId: number | null;
  items: { lineId: string | null; itemId: string; itemName: string | null; quantity: number; unitPrice: number }[];
}

export interface SaveFigures {
  saves: number;
  p50: number;
  p95: number;
  max: number;
}

/** Issue budget for a save, at the 95th percentile. */
export const SAVE_BUDGET_MS = 300;

/**
 * Sales Order saves on the seeded company, each as the edit dialog makes it (the order read for
 * its version, then PUT with If-Match), timed from the PUT to its answer. One waiting order is
 * given a bulk PO of its own (a PO written as the seed writes them, covering its lines) and saved
 * `rounds` times each way: a new customer name (moves no units) and a line's quantity one up or
 * down (drawn again, the units given back handed to the orders waiting for the item). The
 * company's 100,000 orders are the point: a save must cost what it touches, not the company
 * (SAVE_BUDGET_MS).
 */
export async function measureOrderSaves(origin: string, cookie: string, knex: Knex, tenantId: string, rounds: number): Promise<Record<string, SaveFigures>> {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const { id } = await knex('sales_orders').where({ tenant_id: tenantId, status: 'pending' }).orderBy('id').first('id');
  const url = `${origin}/api/sales-orders/${id}`;
  const read = async () => (await (await fetch(url, { headers })).json()) as OrderForm & { version: string };
  const save = async (change: (order: OrderForm) => Partial<OrderForm>): Promise<number> => {
    const { version, ...order } = await read();
    const form: OrderForm = {
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      status: order.status,
      bulkPoId: order.bulkPoId,
      items: order.items.map(({ lineId, itemId, itemName, quantity, unitPrice }) => ({ lineId, itemId, itemName, quantity, unitPrice })),
    };
    const started = performance.now();
    const answer = await fetch(url, { method: 'PUT', headers: { ...headers, 'if-match': `"${version}"` }, body: JSON.stringify({ ...form, ...change(form) }) });
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`a save answered ${answer.status}: ${await answer.text()}`);
    return ms;
  };

  const { items } = await read();
  const [po] = await knex('purchase_orders')
    .insert({
      tenant_id: tenantId,
      qb_id: 'po-saves',
      po_number: '9000-BL',
      vendor_name: 'Vendor 0',
      po_type: 'BULK',
      source_status: 'open',
      txn_date: '2020-01-01',
      total_amount: 5000,
    })
    .returning('id');
  await knex('purchase_order_lines').insert(
    items.map((line, i) => ({
      tenant_id: tenantId,
      purchase_order_id: po.id,
      line_no: i + 1,
      item_qb_id: line.itemId,
      item_name: line.itemName,
      qty: 1e6,
      unit_price: 0.5,
      qty_remaining: 1e6,
    })),
  );
  await save(() => ({ status: 'active', bulkPoId: Number(po.id) }));

  const timings: Record<string, number[]> = { 'a new customer name': [], "a line's quantity": [] };
  for (let round = 0; round < rounds; round++) {
    timings['a new customer name']!.push(await save(() => ({ customerName: `Renamed ${round}` })));
    timings["a line's quantity"]!.push(
      await save((form) => ({ items: form.items.map((line, i) => (i === 0 ? { ...line, quantity: line.quantity + (round % 2 === 0 ? 1 : -1) } : line)) })),
    );
  }
  return Object.fromEntries(Object.entries(timings).map(([kind, ms]) => [kind, figuresOf(ms)]));
}

function figuresOf(ms: number[]): SaveFigures {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { saves: ms.length, p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1)!) };
}
