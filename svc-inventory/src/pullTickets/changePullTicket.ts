import type { Knex } from 'knex';
import { INVENTORY_EVENTS } from '@printpool/contracts';
import { notFound } from '@printpool/service-kit';
import type { ChangeReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { completeWhenShipped } from '../orders/fulfilledOrders.js';
import { loadPullTicket, type PullTicketView } from '../read/pullTicketView.js';
import { recordPullTicketEvent } from './recordPullTicketEvent.js';

/** Column values to write, or null when the ticket is to stay as it is. */
export type TicketDecision = Record<string, unknown> | null;

export interface TicketChange {
  before: PullTicketView;
  after: PullTicketView;
}

/**
 * Changes one ticket in one transaction: the row is locked, `decide` sees its current state
 * (and the transaction, for what else it reads) and answers what to write, or throws to refuse,
 * leaving everything as it was. A move into
 * 'shipped' is published as inventory.pull-ticket.shipped, any other change as .updated; the
 * ticket's history records it with `reason`. The shipment that sends an order's last units
 * completes the order (orders/fulfilledOrders.ts).
 */
export async function changePullTicket(
  context: ChangeContext,
  tenantId: string,
  reason: ChangeReason,
  id: number,
  decide: (current: PullTicketView, trx: Knex.Transaction) => TicketDecision | Promise<TicketDecision>,
): Promise<TicketChange> {
  return changeInTransaction(context, tenantId, reason, async (trx, changes) => {
    const before = await loadPullTicket(trx, tenantId, id, true);
    if (!before) throw notFound('Pull ticket');
    const values = await decide(before, trx);
    if (!values) return { before, after: before };
    if (values.status === 'shipped' && before.status !== 'shipped' && values.shipped_at === undefined) values.shipped_at = trx.fn.now();
    await trx('pull_tickets')
      .where({ tenant_id: tenantId, id })
      .update({ ...values, updated_at: trx.fn.now() });
    const after = (await loadPullTicket(trx, tenantId, id))!;
    changes.pullTickets.add(id);
    const shipped = after.status === 'shipped' && before.status !== 'shipped';
    await recordPullTicketEvent(trx, tenantId, shipped ? INVENTORY_EVENTS.pullTicketShipped : INVENTORY_EVENTS.pullTicketUpdated, after);
    if (shipped && after.salesOrderId !== null) await completeWhenShipped(trx, tenantId, after.salesOrderId, changes);
    return { before, after };
  });
}

/** Deletes a ticket, publishing its last state. Answers false when the tenant has no such ticket. */
export async function deletePullTicket(context: ChangeContext, tenantId: string, reason: ChangeReason, id: number): Promise<boolean> {
  return changeInTransaction(context, tenantId, reason, async (trx: Knex.Transaction, changes) => {
    const ticket = await loadPullTicket(trx, tenantId, id, true);
    if (!ticket) return false;
    changes.pullTicketDeleted(id);
    await trx('pull_tickets').where({ tenant_id: tenantId, id }).delete();
    await recordPullTicketEvent(trx, tenantId, INVENTORY_EVENTS.pullTicketDeleted, ticket);
    return true;
  });
}
