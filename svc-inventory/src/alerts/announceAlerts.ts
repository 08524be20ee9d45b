import type { Knex } from 'knex';
import { createEvent, INVENTORY_EVENTS, type InventoryAlert } from '@printpool/contracts';
import { recordEvents } from '@printpool/service-kit';
import { raisedAlerts, type RaisedAlert } from '../read/inventoryAlerts.js';

/** What one pass announced for a company; null when another replica's pass held it. */
export interface Announced {
  stockLow: number;
  digest: InventoryAlert[] | null;
}

interface Announcement {
  alert_key: string;
  level: string;
  announced_at: Date;
}

/**
 * Announces a company's alerts (docs/product.md §12), in one transaction under the company's
 * advisory lock, so replicas never announce twice. An alert is new when it was not raised at the
 * last pass, or has fallen below the level it was announced at; a cleared alert is forgotten, so
 * falling again is new again. Each new reorder alert is `inventory.stock.low`; once `digestDue`
 * says so, the alerts new since the last digest go out as one `inventory.alerts.digest` (none when
 * nothing is new). Dismissing an alert on the dashboard hides it there, not here.
 *
 * `inventory.stock.low` is recorded here, in the pass's transaction through the outbox, rather than
 * in the transaction of the change that lowered the stock, because no one change knows it: units
 * at the vendor move with QuickBooks' PO changes (events/consumers.ts), receipts and their
 * corrections, shipped releases (pullTickets/), stock assignments and reorder points, and a point
 * in months of supply is reached as the twelve months of usage roll on with no write at all
 * (read/customerInventory.ts). The pass reads the same answer as `GET /api/inventory/alerts`, so the
 * event says what the dashboard shows, at most ALERT_CHECK_MINUTES late.
 */
export async function announceAlerts(knex: Knex, tenantId: string, asOf: string, digestDue: (lastSentAt: Date | null) => boolean): Promise<Announced | null> {
  return knex.transaction(async (trx) => {
    const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(hashtext(?)) AS held', [`alerts\n${tenantId}`]);
    if (!rows[0].held) return null;
    const raised = await raisedAlerts(trx, tenantId, asOf);
    const before = new Map<string, Announcement>(
      ((await trx('alert_announcements').where({ tenant_id: tenantId }).select('alert_key', 'level', 'announced_at')) as Announcement[]).map((row) => [
        row.alert_key,
        row,
      ]),
    );
    const fresh = raised.filter(({ alert, level }) => {
      const announced = before.get(alert.key);
      return !announced || level < Number(announced.level);
    });
    await forgetCleared(trx, tenantId, raised, before);
    if (fresh.length > 0)
      await trx('alert_announcements')
        .insert(fresh.map(({ alert, level }) => ({ tenant_id: tenantId, alert_key: alert.key, level, announced_at: trx.fn.now() })))
        .onConflict(['tenant_id', 'alert_key'])
        .merge(['level', 'announced_at']);
    const stockLow = fresh.flatMap(({ alert }) =>
      alert.kind === 'reorder'
        ? [
            createEvent(INVENTORY_EVENTS.stockLow, tenantId, {
              customerId: alert.customerId,
              customerName: alert.customerName,
              itemId: alert.itemId,
              itemName: alert.itemName,
              atVendor: alert.atVendor,
              reorderPoint: alert.reorderPoint,
              monthsOfSupply: alert.monthsOfSupply,
              runOutOn: alert.runOutOn,
            }),
          ]
        : [],
    );
    const digest = await digestOf(trx, tenantId, raised, digestDue);
    await recordEvents(trx, [...stockLow, ...(digest ? [createEvent(INVENTORY_EVENTS.alertsDigest, tenantId, { asOf, alerts: digest })] : [])]);
    return { stockLow: stockLow.length, digest };
  });
}

async function forgetCleared(trx: Knex.Transaction, tenantId: string, raised: readonly RaisedAlert[], before: Map<string, Announcement>): Promise<void> {
  const standing = new Set(raised.map(({ alert }) => alert.key));
  const cleared = [...before.keys()].filter((key) => !standing.has(key));
  if (cleared.length > 0) await trx('alert_announcements').where({ tenant_id: tenantId }).whereIn('alert_key', cleared).delete();
}

/** The raised alerts announced since the last digest, when one is due and any is new; the digest is then noted as sent. */
async function digestOf(
  trx: Knex.Transaction,
  tenantId: string,
  raised: readonly RaisedAlert[],
  digestDue: (lastSentAt: Date | null) => boolean,
): Promise<InventoryAlert[] | null> {
  const last: { sent_at: Date } | undefined = await trx('alert_digests').where({ tenant_id: tenantId }).first('sent_at');
  if (!digestDue(last?.sent_at ?? null)) return null;
  // Compared in PostgreSQL: its timestamps are finer than a JavaScript Date, which would make the last digest's own alerts look newer.
  const since = await trx('alert_announcements')
    .where({ tenant_id: tenantId })
    .modify((query) => (last ? query.where('announced_at', '>', trx('alert_digests').where({ tenant_id: tenantId }).select('sent_at')) : query))
    .pluck('alert_key');
  const keys = new Set<string>(since);
  const alerts = raised.filter(({ alert }) => keys.has(alert.key)).map(({ alert }) => alert);
  if (alerts.length === 0) return null;
  await trx('alert_digests').insert({ tenant_id: tenantId, sent_at: trx.fn.now() }).onConflict('tenant_id').merge();
  return alerts;
}
