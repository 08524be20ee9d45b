import type { Knex } from 'knex';
import type { ProgramStock, ProgramSummary, ProgramTimelineEntry } from '@printpool/contracts';
import { daysBetween, exactQuantity, formatCount, programCharges, remainingPercent, subtractQuantity, sumQuantities, toMoneyString } from '@printpool/domain';
import { DRAWN_ON_LINE } from '../ledger/remainingQuantity.js';
import { chargedReleases, releasesOf, SHIPPED, unitsOf } from './programCharges.js';
import { loadPrograms, type ProgramView } from './programs.js';
import { loadReceipts } from './receipts.js';

interface LineStock {
  item_qb_id: string;
  drawn: string;
  qty_remaining: string;
}

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
  const { program, poDate } = programView;
  const lines: LineStock[] = (
    await knex.raw(
      `SELECT l.item_qb_id, ${DRAWN_ON_LINE} AS drawn, l.qty_remaining FROM purchase_order_lines l
       WHERE l.tenant_id = ? AND l.purchase_order_id = ? AND l.kind = 'item' AND l.item_qb_id IS NOT NULL`,
      [tenantId, purchaseOrderId],
    )
  ).rows;
  const tickets = await releasesOf(knex, tenantId, [purchaseOrderId]);
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

  // The charges as the Purchase Orders list counts them too (read/programCharges.ts).
  const { releaseCents: releaseCharges, storage, chargesToDate } = programCharges(program, poDate, asOf, pooled, chargedReleases(tickets));
  const thisMonth = asOf.slice(0, 7);
  const accruedThisMonth = storage.months
    .filter((month) => month.from.startsWith(thisMonth))
    .reduce((sum, month) => sum + Math.round(Number(month.charge) * 100), 0);

  const timeline: ProgramTimelineEntry[] = [
    {
      kind: 'ordered' as const,
      date: poDate,
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
      poDate,
      asOf,
      terms: program,
      daysLeft: daysBetween(asOf, program.expiresOn),
      items,
      totals,
      releases: { shipped: shipped.length, charges: toMoneyString(releaseCharges / 100) },
      storage: { freeUntil: storage.freeUntil, months: storage.months, accrued: storage.accrued, accruedThisMonth: toMoneyString(accruedThisMonth / 100) },
      chargesToDate,
      timeline,
    },
  };
}
