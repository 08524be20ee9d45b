import type { Knex } from 'knex';
import { ACCOUNTING_EVENTS, CompanyUpdatedSchema, ConnectionEstablishedSchema } from '@printpool/contracts';
import { idempotentHandler, type Database, type EventBus, type Subscription } from '@printpool/service-kit';

export const COMPANY_NAME_CONSUMER = 'gateway-company-name';

/**
 * Names the company as its QuickBooks company is named, from the connection and from each full
 * sync's CompanyInfo: the Team page, the signed-in user and the invitation e-mail show it
 * (docs/product.md §6). Exactly once per event (inbox), shared among the gateway's replicas.
 */
export function followCompanyName(db: Database, bus: EventBus): Promise<Subscription> {
  const handler = idempotentHandler(db, COMPANY_NAME_CONSUMER, async (event, trx) => {
    const schema = event.type === ACCOUNTING_EVENTS.companyUpdated ? CompanyUpdatedSchema : ConnectionEstablishedSchema;
    const companyName = schema.parse(event.data).companyName?.trim();
    if (companyName) await nameCompany(trx, event.tenantId, companyName, event.occurredAt);
  });
  return bus.subscribe({ consumer: COMPANY_NAME_CONSUMER, subjects: [ACCOUNTING_EVENTS.connectionEstablished, ACCOUNTING_EVENTS.companyUpdated], handler });
}

/** The newest name QuickBooks gave wins, whatever order its events arrive in. */
async function nameCompany(trx: Knex.Transaction, tenantId: string, name: string, namedAt: string): Promise<void> {
  await trx('tenants')
    .where('id', tenantId)
    .andWhere((query) => query.whereNull('name_from_quickbooks_at').orWhere('name_from_quickbooks_at', '<=', namedAt))
    .update({ name, name_from_quickbooks_at: namedAt, updated_at: trx.fn.now() });
}
