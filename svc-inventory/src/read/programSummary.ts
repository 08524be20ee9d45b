import type { Knex } from 'knex';
import type { ProgramStock, ProgramSummary, ProgramTimelineEntry } from '@printpool/contracts';
import { daysBetween, exactQuantity, formatCount, remainingPercent, storageAccrual, subtractQuantity, sumQuantities, toMoneyString } from '@printpool/domain';
import { DRAWN_ON_LINE } from '../ledger/remainingQuantity.js';
import { loadPrograms, type ProgramView } from './programs.js';
import { loadReceipts } from './receipts.js';

const SHIPPED = new Set(['shipped', 'delivered']);

interface TicketRow {
  id: string;
  pt_number: string;
  status: string;
  sales_order_id: string | null;
  so_number: string | null;
  items: { item_id: string | null; qty: number | string }[];
  created_on: string;
  shipped_on: string | null;
}

interface LineStock {
  item_qb_id: string;
  drawn: string;
  qty_remaining: string;
}

/** The tickets released from the PO that are not cancelled, oldest first. */
async function releasesOf(knex: Knex | Knex.Transaction, tenantId: string, purchaseOrderId: number): Promise<TicketRow[]> {
  return knex('pull_tickets')
    .where({ tenant_id: tenantId, bulk_po_id: purchaseOrderId })
    .whereNot('status', 'cancelled')
    .orderBy('id')
    .select(
      'id',
      'pt_number',
      'status',
      'sales_order_id',
      'so_number',
      'items',
      knex.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created_on`),
      knex.raw(`to_char(shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS shipped_on`),
    );
}

const unitsOf = (ticket: TicketRow, itemId?: string) =>
  sumQuantities(
    ticket.items.filter((item) => itemId === undefined || item.item_id === itemId),
    (item) => exactQuantity(item.qty),
  );

/**
 * A bulk PO's program as it has run on the day `asOf` (docs/product.md §11), or undefined for no
 * such PO of the tenant; the caller refuses a standard PO by `poType`.
 */
export async function loadProgramSummary(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  purchaseOrderId: number,
  asOf: string,
): Promise<{ poType: ProgramView['poType']; summary: ProgramSummary } | undefined> {
  const [programView] = await loadPrograms(knex, tenantId, [purchaseOrderId]);
  const run = await loadReceipts(knex, tenantId, purchaseOrderId);
  if (!programView || !run) return undefined;
  const { program } = programView;
  const po: { po_date: string } = await knex('purchase_orders')
    .where({ tenant_id: tenantId, id: purchaseOrderId })
    .first(knex.raw(`coalesce(to_char(txn_date, 'YYYY-MM-DD'), to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) AS po_date`));
  const lines: LineStock[] = (
    await knex.raw(
      `SELECT l.item_qb_id, ${DRAWN_ON_LINE} AS drawn, l.qty_remaining FROM purchase_order_lines l
       WHERE l.tenant_id = ? AND l.purchase_order_id = ? AND l.kind = 'item' AND l.item_qb_id IS NOT NULL`,
      [tenantId, purchaseOrderId],
    )
  ).rows;
  const tickets = await releasesOf(knex, tenantId, purchaseOrderId);
  const shipped = tickets.filter((ticket) => SHIPPED.has(ticket.status));

  const items = run.receipts.lines.map((line) => {
    const of = lines.filter((row) => row.item_qb_id === line.itemId);
    const released = sumQuantities(shipped, (ticket) => unitsOf(ticket, line.itemId));
    const drawn = sumQuantities(of, (row) => exactQuantity(row.drawn));
    return {
      itemId: line.itemId,
      itemName: line.itemName,
      ordered: line.ordered,
      received: line.received,
      pooled: line.pooled,
      // A shipped order keeps its draw (libs/domain salesOrderStatus.ts): what it shipped is released, not allocated.
      allocated: Math.max(0, subtractQuantity(drawn, released)),
      released,
      remaining: sumQuantities(of, (row) => exactQuantity(row.qty_remaining)),
      atVendor: Math.max(0, subtractQuantity(line.pooled, released)),
    };
  });
  const total = (pick: (stock: ProgramStock) => number) => sumQuantities(items, pick);
  const pooled = total((item) => item.pooled);
  const anyReceived = items.some((item) => item.received !== null);
  const totals = {
    ordered: total((item) => item.ordered),
    received: anyReceived ? total((item) => item.received ?? 0) : null,
    pooled,
    allocated: total((item) => item.allocated),
    released: total((item) => item.released),
    remaining: total((item) => item.remaining),
    atVendor: total((item) => item.atVendor),
    remainingPercent:
      remainingPercent(
        total((item) => item.remaining),
        pooled,
      ) ?? 0,
  };

  // Units at the vendor on a day: what the pool holds, less what shipped before it.
  const unitsOn = (day: string) =>
    subtractQuantity(
      pooled,
      sumQuantities(
        shipped.filter((ticket) => (ticket.shipped_on ?? ticket.created_on) < day),
        (ticket) => unitsOf(ticket),
      ),
    );
  const storage = storageAccrual(program, po.po_date, asOf, unitsOn);
  const thisMonth = asOf.slice(0, 7);
  const accruedThisMonth = storage.months
    .filter((month) => month.from.startsWith(thisMonth))
    .reduce((sum, month) => sum + Math.round(Number(month.charge) * 100), 0);
  const releaseCharges = Math.round(Number(program.releaseCharge) * 100) * shipped.length;

  const timeline: ProgramTimelineEntry[] = [
    {
      kind: 'ordered' as const,
      date: po.po_date,
      quantity: totals.ordered,
      text: `Ordered ${formatCount(totals.ordered)} units`,
      pullTicket: null,
      salesOrder: null,
    },
    ...run.receipts.receipts.map((receipt) => {
      const quantity = sumQuantities(receipt.lines, (line) => line.quantityReceived);
      return {
        kind: 'received' as const,
        date: receipt.receivedOn,
        quantity,
        text: `Received ${formatCount(quantity)} units`,
        pullTicket: null,
        salesOrder: null,
      };
    }),
    ...tickets.map((ticket) => ({
      kind: 'release' as const,
      date: ticket.shipped_on ?? ticket.created_on,
      quantity: unitsOf(ticket),
      text: `${ticket.pt_number}: ${formatCount(unitsOf(ticket))} units ${SHIPPED.has(ticket.status) ? 'shipped' : ticket.status}`,
      pullTicket: { id: Number(ticket.id), ptNumber: ticket.pt_number, status: ticket.status },
      salesOrder: ticket.sales_order_id === null ? null : { id: Number(ticket.sales_order_id), soNumber: ticket.so_number ?? '' },
    })),
    { kind: 'expires' as const, date: program.expiresOn, quantity: null, text: 'The program ends', pullTicket: null, salesOrder: null },
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  return {
    poType: programView.poType,
    summary: {
      purchaseOrderId,
      poNumber: program.poNumber,
      vendorName: program.vendorName,
      poDate: po.po_date,
      asOf,
      terms: program,
      daysLeft: daysBetween(asOf, program.expiresOn),
      items,
      totals,
      releases: { shipped: shipped.length, charges: toMoneyString(releaseCharges / 100) },
      storage: { freeUntil: storage.freeUntil, months: storage.months, accrued: storage.accrued, accruedThisMonth: toMoneyString(accruedThisMonth / 100) },
      chargesToDate: toMoneyString((releaseCharges + Math.round(Number(storage.accrued) * 100)) / 100),
      timeline,
    },
  };
}
