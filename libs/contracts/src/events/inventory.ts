import { z } from 'zod';

/**
 * Events svc-inventory publishes (data version 1), recorded in its outbox in the transaction
 * that makes the change. Other services subscribe to keep their own views: svc-sync writes
 * edited sales orders back to QuickBooks, svc-documents renders current data, the gateway
 * pushes live updates to browsers. Documented in libs/contracts/asyncapi.yaml.
 */
export const INVENTORY_EVENTS = {
  purchaseOrderChanged: 'inventory.purchase-order.changed',
  salesOrderChanged: 'inventory.sales-order.changed',
  itemLevelChanged: 'inventory.item-level.changed',
  pullTicketCreated: 'inventory.pull-ticket.created',
  pullTicketUpdated: 'inventory.pull-ticket.updated',
  pullTicketShipped: 'inventory.pull-ticket.shipped',
  pullTicketDeleted: 'inventory.pull-ticket.deleted',
  catalogChanged: 'inventory.catalog.changed',
} as const;

export type InventoryEventType = (typeof INVENTORY_EVENTS)[keyof typeof INVENTORY_EVENTS];

const nullableString = z.string().nullable();

/** A purchase order was imported, re-synced, overridden, drawn from, released to or deleted. */
export const PurchaseOrderChangedSchema = z.object({
  purchaseOrderId: z.number().int(),
  /** Null for a purchase order entered by hand. */
  qbId: nullableString,
  poNumber: z.string(),
  poType: z.enum(['BULK', 'STANDARD']),
  /** Effective status: the override when one is set, else QuickBooks'. */
  status: z.enum(['open', 'closed']),
  overrideStatus: z.boolean(),
  vendorName: nullableString,
  /** Units on the item lines; expense lines (freight, setup booked to an account) are never stock. */
  totalQuantity: z.number().int(),
  quantityRemaining: z.number().int(),
  /** True when the purchase order no longer exists; the other fields are its last state. */
  deleted: z.boolean(),
});
export type PurchaseOrderChanged = z.infer<typeof PurchaseOrderChangedSchema>;

export const SalesOrderChangedLineSchema = z.object({
  /** The QuickBooks item id, as purchase order lines and QuickBooks estimates reference items. */
  itemId: nullableString,
  itemName: nullableString,
  description: nullableString,
  sku: nullableString,
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
});

/** A sales order was imported, edited, allocated, released or deleted. */
export const SalesOrderChangedSchema = z.object({
  salesOrderId: z.number().int(),
  /** The QuickBooks estimate id; null for a manual order. */
  qbId: nullableString,
  soNumber: z.string(),
  status: z.enum(['active', 'pending', 'processing', 'completed', 'cancelled']),
  bulkPoId: z.number().int().nullable(),
  customerName: z.string(),
  customerEmail: nullableString,
  totalQuantity: z.number().int(),
  /** Two-decimal string, e.g. '1250.00'. */
  totalAmount: z.string(),
  /** 'pending' after an edit made here that QuickBooks does not have yet. */
  syncStatus: nullableString,
  /** The estimate's SyncToken as last imported, for a sparse update. */
  syncToken: nullableString,
  items: z.array(SalesOrderChangedLineSchema),
  deleted: z.boolean(),
});
export type SalesOrderChanged = z.infer<typeof SalesOrderChangedSchema>;

/** An item's virtual inventory (units remaining on open bulk purchase order lines) moved. */
export const ItemLevelChangedSchema = z.object({
  itemQbId: z.string(),
  virtualInventory: z.number().int(),
});
export type ItemLevelChanged = z.infer<typeof ItemLevelChangedSchema>;

export const PULL_TICKET_STATUSES = ['pending', 'sent', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

/** A pull ticket line: spec §3 names, snake_case as the ticket's PDF and screens read them. */
export const PullTicketItemSchema = z.object({
  /** The QuickBooks item id. */
  item_id: nullableString,
  item_name: nullableString,
  description: nullableString,
  sku: nullableString,
  qty: z.number().int(),
  unit_price: z.number(),
});

/**
 * A pull ticket as it stands after the change (created, edited, sent, approved, shipped) or,
 * for inventory.pull-ticket.deleted, as it stood when deleted. svc-documents renders and
 * mails from it; `shipped` is the moment the shipment was recorded.
 */
export const PullTicketEventSchema = z.object({
  pullTicketId: z.number().int(),
  ptNumber: z.string(),
  /** Null once the sales order is deleted; soNumber keeps the reference. */
  salesOrderId: z.number().int().nullable(),
  soNumber: nullableString,
  status: z.enum(PULL_TICKET_STATUSES),
  customerName: nullableString,
  customerEmail: nullableString,
  customerShippingAddress: nullableString,
  vendorName: nullableString,
  vendorEmail: nullableString,
  bulkPoNumber: nullableString,
  /** YYYY-MM-DD. */
  shipByDate: nullableString,
  shippedAt: z.iso.datetime({ offset: true }).nullable(),
  items: z.array(PullTicketItemSchema),
});
export type PullTicketEvent = z.infer<typeof PullTicketEventSchema>;

export const CATALOG_ENTITIES = ['customer', 'item', 'vendor'] as const;

/**
 * A batch of QuickBooks customers, items or vendors was imported or deleted. One event per
 * applied batch, not per record, so a full sync announces itself in a few dozen events.
 */
export const CatalogChangedSchema = z.object({
  entity: z.enum(CATALOG_ENTITIES),
  /** Records in the batch (upserted or deleted). */
  count: z.number().int().min(1),
});
export type CatalogChanged = z.infer<typeof CatalogChangedSchema>;

export const INVENTORY_EVENT_SCHEMAS: Record<InventoryEventType, z.ZodType> = {
  'inventory.purchase-order.changed': PurchaseOrderChangedSchema,
  'inventory.sales-order.changed': SalesOrderChangedSchema,
  'inventory.item-level.changed': ItemLevelChangedSchema,
  'inventory.pull-ticket.created': PullTicketEventSchema,
  'inventory.pull-ticket.updated': PullTicketEventSchema,
  'inventory.pull-ticket.shipped': PullTicketEventSchema,
  'inventory.pull-ticket.deleted': PullTicketEventSchema,
  'inventory.catalog.changed': CatalogChangedSchema,
};
