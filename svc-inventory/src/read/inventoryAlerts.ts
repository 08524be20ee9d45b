import type { Knex } from 'knex';
import type { InventoryAlert, InventoryAlerts } from '@printpool/contracts';
import { addDays, daysBetween, exactQuantity, usageMonths } from '@printpool/domain';
import { OPEN_BULK_PO } from '../ledger/openBulk.js';
import { loadCustomerInventory } from './customerInventory.js';
import { ORDER_CUSTOMER } from './stockOwnership.js';
import { loadProgramDashboard } from './programDashboard.js';
import { loadProgramSummary } from './programSummary.js';
import { linkedEstimate, reorderEstimateRows } from './reorderEstimateLinks.js';

const WITHIN_DAYS = 30;

/** An alert, and the level it stands at: dismissed at one level, it stays away until the level falls below it. */
export interface RaisedAlert {
  alert: InventoryAlert;
  level: number;
}

/** The company's customers who hold stock on open bulk POs (named there or assigned it), draw on them, or were shipped anything in the usage window. */
async function customersWithStock(knex: Knex | Knex.Transaction, tenantId: string, asOf: string): Promise<{ id: number; qbId: string }[]> {
  const { rows } = await knex.raw(
    `SELECT c.id, c.qb_id FROM customers c
     WHERE c.tenant_id = :tenantId AND c.qb_id IN (
       SELECT l.customer_qb_id FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id
       WHERE l.tenant_id = :tenantId AND l.customer_qb_id IS NOT NULL AND ${OPEN_BULK_PO}
       UNION
       SELECT sa.customer_qb_id FROM stock_assignments sa JOIN purchase_orders po ON po.id = sa.purchase_order_id
       WHERE sa.tenant_id = :tenantId AND ${OPEN_BULK_PO}
       UNION
       SELECT ${ORDER_CUSTOMER} FROM allocations a
       JOIN sales_orders so ON so.id = a.sales_order_id
       JOIN purchase_order_lines l ON l.id = a.purchase_order_line_id
       JOIN purchase_orders po ON po.id = l.purchase_order_id
       WHERE a.tenant_id = :tenantId AND ${OPEN_BULK_PO}
       UNION
       SELECT ${ORDER_CUSTOMER} FROM pull_tickets pt JOIN sales_orders so ON so.id = pt.sales_order_id
       WHERE pt.tenant_id = :tenantId AND pt.status IN ('shipped', 'delivered') AND pt.shipped_at >= :since::date)
     ORDER BY c.name, c.id`,
    { tenantId, since: `${usageMonths(asOf)[0]}-01` },
  );
  return rows.map((row: { id: string; qb_id: string }) => ({ id: Number(row.id), qbId: row.qb_id }));
}

/** Open bulk POs whose storage is charged, by their own terms or their vendor's defaults. */
async function chargedStorage(knex: Knex | Knex.Transaction, tenantId: string): Promise<number[]> {
  const { rows } = await knex.raw(
    `SELECT po.id FROM purchase_orders po
     LEFT JOIN purchase_order_programs p ON p.tenant_id = po.tenant_id AND p.purchase_order_id = po.id
     LEFT JOIN vendor_program_defaults v ON v.tenant_id = po.tenant_id AND v.vendor_name = po.vendor_name
     WHERE po.tenant_id = ? AND ${OPEN_BULK_PO} AND (CASE WHEN p.purchase_order_id IS NOT NULL THEN p.storage_charge_per_month ELSE v.storage_charge_per_month END) IS NOT NULL
     ORDER BY po.id`,
    [tenantId],
  );
  return rows.map((row: { id: string }) => Number(row.id));
}

/**
 * What needs the broker on the day `asOf` (docs/product.md §12), dismissed or not: each customer
 * item at or below its reorder point (level: the units at the vendor), with the estimate created
 * from it while that still stands, each program ending within
 * 30 days or ended with units left (level: 1 while it runs, 0 once ended), each storage charge
 * starting within 30 days (level 1: once dismissed, gone).
 */
export async function raisedAlerts(knex: Knex | Knex.Transaction, tenantId: string, asOf: string): Promise<RaisedAlert[]> {
  const raised: RaisedAlert[] = [];
  const estimates = await reorderEstimateRows(knex, tenantId);
  for (const { id: customerId, qbId } of await customersWithStock(knex, tenantId, asOf)) {
    const stock = (await loadCustomerInventory(knex, tenantId, customerId, asOf))!;
    for (const item of stock.items.filter((candidate) => candidate.atOrBelowReorderPoint)) {
      const estimate = estimates.get(`${qbId}:${item.itemId}`);
      raised.push({
        level: item.atVendor,
        alert: {
          kind: 'reorder',
          key: `reorder.${customerId}.${item.itemId}`,
          customerId,
          customerName: stock.customerName,
          itemId: item.itemId,
          itemName: item.itemName,
          atVendor: item.atVendor,
          reorderPoint: { units: item.reorderPoint.units, months: item.reorderPoint.months },
          monthsOfSupply: item.monthsOfSupply,
          runOutOn: item.runOutOn,
          estimate: (estimate && linkedEstimate(estimate, item.atVendor)) ?? null,
        },
      });
    }
  }
  for (const program of (await loadProgramDashboard(knex, tenantId, asOf)).expiringSoon) {
    raised.push({
      level: program.daysLeft >= 0 ? 1 : 0,
      alert: {
        kind: 'expiring',
        key: `expiring.${program.purchaseOrderId}`,
        purchaseOrderId: program.purchaseOrderId,
        poNumber: program.poNumber,
        expiresOn: program.expiresOn,
        daysLeft: program.daysLeft,
        remaining: program.remaining,
      },
    });
  }
  for (const id of await chargedStorage(knex, tenantId)) {
    const { summary } = (await loadProgramSummary(knex, tenantId, id, asOf))!;
    if (summary.storage.freeUntil === null || summary.totals.atVendor <= 0) continue;
    const chargedFrom = addDays(summary.storage.freeUntil, 1);
    const daysLeft = daysBetween(asOf, chargedFrom);
    if (daysLeft < 0 || daysLeft > WITHIN_DAYS) continue;
    raised.push({
      level: 1,
      alert: {
        kind: 'storage',
        key: `storage.${id}`,
        purchaseOrderId: id,
        poNumber: summary.poNumber,
        chargedFrom,
        daysLeft,
        atVendor: summary.totals.atVendor,
      },
    });
  }
  return raised;
}

/** The alerts not dismissed, or dismissed at a level the alert has since fallen below. */
export async function loadInventoryAlerts(knex: Knex | Knex.Transaction, tenantId: string, asOf: string): Promise<InventoryAlerts> {
  const dismissed = new Map<string, number>(
    (await knex('inventory_alert_dismissals').where('tenant_id', tenantId).select('alert_key', 'level')).map((row: { alert_key: string; level: string }) => [
      row.alert_key,
      exactQuantity(row.level),
    ]),
  );
  const alerts = (await raisedAlerts(knex, tenantId, asOf))
    .filter(({ alert, level }) => !dismissed.has(alert.key) || level < dismissed.get(alert.key)!)
    .map(({ alert }) => alert);
  return { asOf, alerts };
}
