import { z } from 'zod';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';
import { normalizeLines, type DocumentLine } from '../domain/lines.js';

const id = z.union([z.string(), z.number()]).transform(String);
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
/** QuickBooks' subtotal, discount and tax (two-decimal strings, null when not known) and the currency (ISO code, null for the home one). */
const documentMoney = { subtotal: optionalText, discount: optionalText, tax: optionalText, currency: optionalText };

/** docs/product.md §3 PullTicket as svc-inventory answers it. */
const PullTicketSchema = z.object({
  id,
  ptNumber: z.string(),
  /** The order the ticket fulfils: its ship method, customer PO number and bulk PO are read from it. */
  salesOrderId: id.nullish().transform((v) => v ?? null),
  soNumber: optionalText,
  customerName: optionalText,
  customerEmail: optionalText,
  customerPhone: optionalText,
  customerAddress: optionalText,
  customerShippingAddress: optionalText,
  vendorName: optionalText,
  vendorEmail: optionalText,
  vendorPhone: optionalText,
  vendorAddress: optionalText,
  bulkPoNumber: optionalText,
  status: z.string(),
  notes: optionalText,
  shipByDate: optionalText,
  items: z.unknown(),
  createdAt: optionalText,
  updatedAt: optionalText,
});

/** docs/product.md §3 SalesOrder. */
const SalesOrderSchema = z.object({
  id,
  soNumber: z.string(),
  customerName: optionalText,
  customerEmail: optionalText,
  status: z.string(),
  bulkPoId: id.nullish().transform((v) => v ?? null),
  /** As QuickBooks' estimate has them (svc-inventory/src/read/salesOrderView.ts); null for a manual order. */
  billAddress: optionalText,
  shipAddress: optionalText,
  orderDate: optionalText,
  terms: optionalText,
  shipMethod: optionalText,
  customerPoNumber: optionalText,
  items: z.unknown(),
  totalAmount: z.union([z.string(), z.number()]).nullish(),
  ...documentMoney,
  createdAt: optionalText,
});

/** docs/product.md §3 PurchaseOrder. */
const PurchaseOrderSchema = z.object({
  id,
  poNumber: z.string(),
  vendorName: optionalText,
  vendorEmail: optionalText,
  status: z.string(),
  poType: optionalText,
  items: z.unknown(),
  totalAmount: z.union([z.string(), z.number()]).nullish(),
  ...documentMoney,
  createdAt: optionalText,
});

export type PullTicket = Omit<z.infer<typeof PullTicketSchema>, 'items'> & { lines: DocumentLine[] };
export type SalesOrder = Omit<z.infer<typeof SalesOrderSchema>, 'items'> & { lines: DocumentLine[] };
export type PurchaseOrder = Omit<z.infer<typeof PurchaseOrderSchema>, 'items'> & { lines: DocumentLine[] };

/**
 * Reads the documents' data from svc-inventory as the calling tenant, so another tenant's id
 * is inventory's 404 and therefore ours. Ids go into the path encoded: they come from a URL.
 */
export function createDocumentsSource(inventory: ServiceClient) {
  async function read<S extends z.ZodType<{ items: unknown }>>(caller: CallerIdentity, path: string, schema: S) {
    const { body } = await inventory.json<unknown>(caller, 'GET', path);
    const { items, ...rest } = schema.parse(body);
    return { ...(rest as Omit<z.output<S>, 'items'>), lines: normalizeLines(items) };
  }
  return {
    pullTicket: (caller: CallerIdentity, ticketId: string): Promise<PullTicket> =>
      read(caller, `/api/pull-tickets/${encodeURIComponent(ticketId)}`, PullTicketSchema),
    salesOrder: (caller: CallerIdentity, orderId: string): Promise<SalesOrder> =>
      read(caller, `/api/sales-orders/${encodeURIComponent(orderId)}`, SalesOrderSchema),
    purchaseOrder: (caller: CallerIdentity, orderId: string): Promise<PurchaseOrder> =>
      read(caller, `/api/purchase-orders/${encodeURIComponent(orderId)}`, PurchaseOrderSchema),
    /** Inventory records that the ticket went to the vendor (status `sent`). */
    async markPullTicketSent(caller: CallerIdentity, ticketId: string): Promise<void> {
      await inventory.json(caller, 'POST', `/api/internal/pull-tickets/${encodeURIComponent(ticketId)}/mark-sent`, {});
    },
  };
}

export type DocumentsSource = ReturnType<typeof createDocumentsSource>;
