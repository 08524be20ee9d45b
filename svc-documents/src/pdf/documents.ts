import type { CustomerStatement } from '@printpool/contracts';
import type { StatementPeriod } from '@printpool/domain';
import type { CallerIdentity } from '@printpool/service-kit';
import { readTenantProfile, type TenantProfile } from '../db/tenantProfiles.js';
import type { DocumentsDeps } from '../deps.js';
import { documentFileName } from '../domain/format.js';
import type { PullTicketDocument, PurchaseOrderDocument, SalesOrderDocument } from '../inventory/documentsSource.js';
import { renderPullTicketPdf, type PullTicketOrder } from './pullTicketPdf.js';
import { renderPurchaseOrderPdf } from './purchaseOrderPdf.js';
import { renderSalesOrderPdf } from './salesOrderPdf.js';
import { renderStatementPdf } from './statementPdf.js';

export interface RenderedDocument<T> {
  record: T;
  profile: TenantProfile;
  pdf: Buffer;
  fileName: string;
}

type Deps = Pick<DocumentsDeps, 'db' | 'source'>;

/** Each document read from inventory as the caller and rendered with the tenant's letterhead. */
export async function pullTicketDocument(deps: Deps, caller: CallerIdentity, id: string): Promise<RenderedDocument<PullTicketDocument>> {
  const [record, profile] = await Promise.all([deps.source.pullTicket(caller, id), readTenantProfile(deps.db.knex, caller.tenantId)]);
  const order = await ticketOrder(deps, caller, record, profile);
  return { record, profile, pdf: await renderPullTicketPdf(record, profile, order), fileName: documentFileName(record.ptNumber, 'pull-ticket') };
}

/**
 * What the ticket takes from its sales order (ship method, the customer's PO number), from its
 * bulk PO (the terms the vendor bills by) and, when the broker chose to print costs, the unit
 * cost of each item on that PO. The ticket prints without them when the order or PO cannot be
 * read (deleted since): a vendor still gets a ticket, never the customer's price in their place.
 */
async function ticketOrder(deps: Deps, caller: CallerIdentity, ticket: PullTicketDocument, profile: TenantProfile): Promise<PullTicketOrder> {
  const order = ticket.salesOrderId ? await deps.source.salesOrder(caller, ticket.salesOrderId).catch(() => null) : null;
  const read = order?.bulkPoId ? await deps.source.purchaseOrder(caller, order.bulkPoId).catch(() => null) : null;
  // The order may have moved to another PO since the ticket was made: only the ticket's PO speaks for it.
  const po = read && read.poNumber === ticket.bulkPoNumber ? read : null;
  let unitCosts: Map<string, number> | null = null;
  if (profile.pullTicketPrices === 'cost') {
    unitCosts = new Map();
    for (const line of po?.lines ?? []) if (line.kind !== 'expense' && !unitCosts.has(line.itemId)) unitCosts.set(line.itemId, line.unitPrice);
  }
  return {
    shipMethod: order?.shipMethod ?? null,
    customerPoNumber: order?.customerPoNumber ?? null,
    terms: po?.terms ?? null,
    unitCosts,
    orderLines: order?.lines ?? [],
    descriptionLines: order?.descriptionLines ?? [],
  };
}

export async function salesOrderDocument(deps: Deps, caller: CallerIdentity, id: string): Promise<RenderedDocument<SalesOrderDocument>> {
  const [record, profile] = await Promise.all([deps.source.salesOrder(caller, id), readTenantProfile(deps.db.knex, caller.tenantId)]);
  return { record, profile, pdf: await renderSalesOrderPdf(record, profile), fileName: documentFileName(record.soNumber, 'sales-order') };
}

export async function purchaseOrderDocument(deps: Deps, caller: CallerIdentity, id: string): Promise<RenderedDocument<PurchaseOrderDocument>> {
  const [record, profile] = await Promise.all([deps.source.purchaseOrder(caller, id), readTenantProfile(deps.db.knex, caller.tenantId)]);
  return { record, profile, pdf: await renderPurchaseOrderPdf(record, profile), fileName: documentFileName(record.poNumber, 'purchase-order') };
}

/** A customer's stock statement of the period (docs/product.md §12), named for the customer and its days. */
export async function statementDocument(
  deps: Deps,
  caller: CallerIdentity,
  customerId: string,
  period: StatementPeriod,
): Promise<RenderedDocument<CustomerStatement>> {
  const [record, profile] = await Promise.all([deps.source.customerStatement(caller, customerId, period), readTenantProfile(deps.db.knex, caller.tenantId)]);
  const fileName = documentFileName(`Statement-${record.customerName}-${record.from}-to-${record.to}`, 'statement');
  return { record, profile, pdf: await renderStatementPdf(record, profile), fileName };
}

/** A rendered document as an e-mail carries it. */
export const pdfAttachment = ({ pdf, fileName }: { pdf: Buffer; fileName: string }) => [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
