import type { Knex } from 'knex';
import type { ProgramDashboard } from '@printpool/contracts';
import { exactQuantity, toMoneyString } from '@printpool/domain';
import { OPEN_BULK_PO } from '../ledger/openBulk.js';
import { PROGRAM_EXPIRES_ON, REMAINING_PERCENT } from './programExpiry.js';
import { HAS_CHARGES, SHIPPED } from './programCharges.js';
import { loadProgramSummary } from './programSummary.js';

const EXPIRING_WITHIN_DAYS = 30;
const EXPIRING_SHOWN = 20;

/**
 * The dashboard's programs on the day `asOf` (docs/product.md §11): open bulk POs with units left
 * whose program ends within 30 days (or has ended), and what open programs charge in asOf's month:
 * each release shipped in it and each month of storage begun in it. Only programs with a charge
 * are summed, each as its program page reads it.
 */
export async function loadProgramDashboard(knex: Knex | Knex.Transaction, tenantId: string, asOf: string): Promise<ProgramDashboard> {
  const expiring: {
    id: string;
    po_number: string;
    vendor_name: string | null;
    expires_on: string;
    days_left: number;
    remaining: string;
    remaining_percent: string | null;
  }[] = (
    await knex.raw(
      `SELECT * FROM (
         SELECT po.id, po.po_number, po.vendor_name, to_char(${PROGRAM_EXPIRES_ON}, 'YYYY-MM-DD') AS expires_on,
                (${PROGRAM_EXPIRES_ON} - ?::date) AS days_left, ${REMAINING_PERCENT} AS remaining_percent,
                (SELECT coalesce(sum(l.qty_remaining), 0) FROM purchase_order_lines l WHERE l.tenant_id = po.tenant_id AND l.purchase_order_id = po.id AND l.kind = 'item') AS remaining
         FROM purchase_orders po WHERE po.tenant_id = ? AND ${OPEN_BULK_PO}) programs
       WHERE days_left <= ? AND remaining > 0
       ORDER BY expires_on, id LIMIT ${EXPIRING_SHOWN}`,
      [asOf, tenantId, EXPIRING_WITHIN_DAYS],
    )
  ).rows;

  const charged: (string | number)[] = await knex('purchase_orders as po')
    .where('po.tenant_id', tenantId)
    .whereRaw(OPEN_BULK_PO)
    .whereRaw(HAS_CHARGES)
    .orderBy('po.id')
    .pluck('po.id');
  const month = asOf.slice(0, 7);
  let releaseCents = 0;
  let storageCents = 0;
  for (const id of charged) {
    const found = await loadProgramSummary(knex, tenantId, Number(id), asOf);
    if (!found) continue;
    const { summary } = found;
    const shippedThisMonth = summary.timeline.filter(
      (entry) => entry.pullTicket && SHIPPED.has(entry.pullTicket.status) && entry.date.startsWith(month),
    ).length;
    releaseCents += shippedThisMonth * Math.round(Number(summary.terms.releaseCharge) * 100);
    storageCents += Math.round(Number(summary.storage.accruedThisMonth) * 100);
  }
  return {
    month,
    expiringSoon: expiring.map((row) => ({
      purchaseOrderId: Number(row.id),
      poNumber: row.po_number,
      vendorName: row.vendor_name,
      expiresOn: row.expires_on,
      daysLeft: Number(row.days_left),
      remaining: exactQuantity(row.remaining),
      remainingPercent: row.remaining_percent === null ? null : Number(row.remaining_percent),
    })),
    charges: {
      releases: toMoneyString(releaseCents / 100),
      storage: toMoneyString(storageCents / 100),
      total: toMoneyString((releaseCents + storageCents) / 100),
    },
  };
}
