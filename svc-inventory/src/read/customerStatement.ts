import type { Knex } from 'knex';
import type { CustomerStatement, CustomerStatementItem, StatementRelease } from '@printpool/contracts';
import { inStatementPeriod, sumQuantities, type StatementPeriod } from '@printpool/domain';
import { readCustomerStock, unitsOf } from './customerInventory.js';

/**
 * What a customer's statement of `period` shows (docs/product.md §12), or undefined for no such
 * customer of the tenant: their stock on `asOf` as the stock read counts it, and each release
 * to them in the period, a shipped ticket's line by the day it shipped. It is the customer's
 * paper, so only what is theirs goes into it: no vendor, purchase order, cost or price.
 */
export async function loadCustomerStatement(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  customerId: number,
  period: StatementPeriod,
  asOf: string,
): Promise<CustomerStatement | undefined> {
  const stock = await readCustomerStock(knex, tenantId, customerId, asOf);
  if (!stock) return undefined;
  const { email }: { email: string | null } = await knex('customers').where({ tenant_id: tenantId, id: customerId }).first('email');
  const shipped = stock.shippedToCustomer
    .filter((ticket) => inStatementPeriod(ticket.shipped_on, period))
    .sort((a, b) => a.shipped_on.localeCompare(b.shipped_on) || a.pt_number.localeCompare(b.pt_number));
  const releasesOf = (itemId: string): StatementRelease[] =>
    shipped.flatMap((ticket) => {
      const quantity = unitsOf(ticket, itemId);
      return quantity > 0 ? [{ shippedOn: ticket.shipped_on, pullTicketId: Number(ticket.id), ptNumber: ticket.pt_number, quantity }] : [];
    });

  // The stock read lists what was shipped in the last 12 months too: an item with nothing held and no release in the period has no line here.
  const held = new Map(stock.inventory.items.filter((item) => item.programs.length > 0).map((item) => [item.itemId, item]));
  const released = new Set(
    shipped.flatMap((ticket) => ticket.items.flatMap((line) => (line.item_id && unitsOf(ticket, line.item_id) > 0 ? [line.item_id] : []))),
  );
  const itemIds = [...new Set([...held.keys(), ...released])];
  const named = new Map(stock.inventory.items.map((item) => [item.itemId, item.itemName]));
  const unnamed = itemIds.filter((itemId) => !named.has(itemId));
  if (unnamed.length > 0)
    for (const row of (await knex('items').where('tenant_id', tenantId).whereIn('qb_id', unnamed).select('qb_id', 'name')) as { qb_id: string; name: string }[])
      named.set(row.qb_id, row.name);

  const items: CustomerStatementItem[] = itemIds.map((itemId) => {
    const stockItem = held.get(itemId);
    const releases = releasesOf(itemId);
    return {
      itemId,
      itemName: named.get(itemId) ?? null,
      atVendor: stockItem?.atVendor ?? 0,
      allocated: stockItem?.allocated ?? 0,
      remaining: stockItem?.remaining ?? 0,
      releasedInPeriod: sumQuantities(releases, (release) => release.quantity),
      releases,
      monthsOfSupply: stockItem?.monthsOfSupply ?? null,
      runOutOn: stockItem?.runOutOn ?? null,
      programs: (stockItem?.programs ?? []).map(({ expiresOn, daysLeft, atVendor }) => ({ expiresOn, daysLeft, atVendor })),
    };
  });
  items.sort((a, b) => (a.itemName ?? a.itemId).localeCompare(b.itemName ?? b.itemId));
  const { customerName } = stock.inventory;
  return { customerId, customerName, customerEmail: email, asOf, from: period.from, to: period.to, items };
}
