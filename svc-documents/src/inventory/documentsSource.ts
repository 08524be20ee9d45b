import {
  CustomerStatementSchema,
  PullTicketSchema,
  PurchaseOrderSchema,
  routeRequest,
  SalesOrderSchema,
  type CustomerStatement,
  type PullTicket,
  type PurchaseOrder,
  type SalesOrder,
} from '@printpool/contracts';
import type { StatementPeriod } from '@printpool/domain';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';
import { pullTicketLines, purchaseOrderLines, salesOrderLines, type DocumentLine } from '../domain/lines.js';

/** A document as svc-inventory answers it (its route contract in libs/contracts), with its lines as the PDFs print them. */
export type PullTicketDocument = Omit<PullTicket, 'items'> & { lines: DocumentLine[] };
export type SalesOrderDocument = Omit<SalesOrder, 'items'> & { lines: DocumentLine[] };
export type PurchaseOrderDocument = Omit<PurchaseOrder, 'items'> & { lines: DocumentLine[] };

/** A pull ticket as inventory answers it, with its lines as the PDF prints them. */
export function pullTicketDocument({ items, ...ticket }: PullTicket): PullTicketDocument {
  return { ...ticket, lines: pullTicketLines(items) };
}

/** A record's id as it goes into inventory's path: encoded, since it may come from a URL. */
const pathId = (id: string | number) => encodeURIComponent(String(id));

/**
 * Reads the documents' data from svc-inventory as the calling tenant, so another tenant's id
 * is inventory's 404 and therefore ours. Answers are parsed with the schemas of inventory's
 * own route contracts: an answer that drifted from them fails here, by field, not in a PDF.
 */
export function createDocumentsSource(inventory: ServiceClient) {
  const read = async (caller: CallerIdentity, path: string) => (await inventory.json<unknown>(caller, 'GET', path)).body;
  return {
    async pullTicket(caller: CallerIdentity, ticketId: string | number): Promise<PullTicketDocument> {
      return pullTicketDocument(PullTicketSchema.parse(await read(caller, `/api/pull-tickets/${pathId(ticketId)}`)));
    },
    async salesOrder(caller: CallerIdentity, orderId: string | number): Promise<SalesOrderDocument> {
      const { items, ...order } = SalesOrderSchema.parse(await read(caller, `/api/sales-orders/${pathId(orderId)}`));
      return { ...order, lines: salesOrderLines(items) };
    },
    async purchaseOrder(caller: CallerIdentity, orderId: string | number): Promise<PurchaseOrderDocument> {
      const { items, ...order } = PurchaseOrderSchema.parse(await read(caller, `/api/purchase-orders/${pathId(orderId)}`));
      return { ...order, lines: purchaseOrderLines(items) };
    },
    /** What the customer's statement of the period shows (docs/product.md §12): none of the broker's buying is in it. */
    async customerStatement(caller: CallerIdentity, customerId: string, period: StatementPeriod): Promise<CustomerStatement> {
      const { url } = routeRequest('get /api/internal/customers/:id/statement', { params: { id: customerId }, query: period });
      return CustomerStatementSchema.parse(await read(caller, url));
    },
    /** Inventory records that the ticket went to the vendor (status `sent`). */
    async markPullTicketSent(caller: CallerIdentity, ticketId: string | number): Promise<void> {
      await inventory.json(caller, 'POST', `/api/internal/pull-tickets/${pathId(ticketId)}/mark-sent`, {});
    },
  };
}

export type DocumentsSource = ReturnType<typeof createDocumentsSource>;
