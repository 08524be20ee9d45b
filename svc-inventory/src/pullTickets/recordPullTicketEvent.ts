import type { Knex } from 'knex';
import { createEvent, INVENTORY_EVENTS } from '@printpool/contracts';
import { recordEvent } from '@printpool/service-kit';
import { pullTicketEvent, type PullTicketView } from '../read/pullTicketView.js';

type PullTicketEventType = (typeof INVENTORY_EVENTS)['pullTicketCreated' | 'pullTicketUpdated' | 'pullTicketShipped' | 'pullTicketDeleted'];

/** Writes a pull ticket event to the outbox in the transaction of the change. */
export function recordPullTicketEvent(trx: Knex.Transaction, tenantId: string, type: PullTicketEventType, ticket: PullTicketView): Promise<void> {
  return recordEvent(trx, createEvent(type, tenantId, pullTicketEvent(ticket)));
}
