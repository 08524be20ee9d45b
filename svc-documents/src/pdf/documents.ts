import type { CallerIdentity } from '@printpool/service-kit';
import { readTenantProfile, type TenantProfile } from '../db/tenantProfiles.js';
import type { DocumentsDeps } from '../deps.js';
import { documentFileName } from '../domain/format.js';
import type { PullTicket, PurchaseOrder, SalesOrder } from '../inventory/documentsSource.js';
import { renderPullTicketPdf } from './pullTicketPdf.js';
import { renderPurchaseOrderPdf } from './purchaseOrderPdf.js';
import { renderSalesOrderPdf } from './salesOrderPdf.js';

export interface RenderedDocument<T> {
  record: T;
  profile: TenantProfile;
  pdf: Buffer;
  fileName: string;
}

type Deps = Pick<DocumentsDeps, 'db' | 'source'>;

/** Each document read from inventory as the caller and rendered with the tenant's letterhead. */
export async function pullTicketDocument(deps: Deps, caller: CallerIdentity, id: string): Promise<RenderedDocument<PullTicket>> {
  const [record, profile] = await Promise.all([deps.source.pullTicket(caller, id), readTenantProfile(deps.db.knex, caller.tenantId)]);
  return { record, profile, pdf: await renderPullTicketPdf(record, profile), fileName: documentFileName(record.ptNumber, 'pull-ticket') };
}

export async function salesOrderDocument(deps: Deps, caller: CallerIdentity, id: string): Promise<RenderedDocument<SalesOrder>> {
  const [record, profile] = await Promise.all([deps.source.salesOrder(caller, id), readTenantProfile(deps.db.knex, caller.tenantId)]);
  return { record, profile, pdf: await renderSalesOrderPdf(record, profile), fileName: documentFileName(record.soNumber, 'sales-order') };
}

export async function purchaseOrderDocument(deps: Deps, caller: CallerIdentity, id: string): Promise<RenderedDocument<PurchaseOrder>> {
  const [record, profile] = await Promise.all([deps.source.purchaseOrder(caller, id), readTenantProfile(deps.db.knex, caller.tenantId)]);
  return { record, profile, pdf: await renderPurchaseOrderPdf(record, profile), fileName: documentFileName(record.poNumber, 'purchase-order') };
}
