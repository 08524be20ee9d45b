import { z } from 'zod';
import { PULL_TICKET_STATUSES, SALES_ORDER_STATUSES } from '@printpool/domain';
import { InventoryAlertSchema } from '../http/routes/inventoryCustomerStock.js';
import { PullTicketProgramOverrideSchema } from '../http/routes/inventoryReleaseRules.js';

/**
 * Events svc-inventory publishes (data version 1), recorded in its outbox in the transaction
 * that makes the change. Other services subscribe to keep their own views: svc-sync writes
 * edited sales orders back to QuickBooks, svc-documents renders current data, the gateway
 * pushes live updates to browsers. Documented in libs/contracts/asyncapi.yaml. One is
 * svc-documents': `inventory.statement.sent`, recorded with the log row of the statement's
 * e-mail once the mail server took it (docs/product.md §12).
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
  programChanged: 'inventory.program.changed',
  receiptRecorded: 'inventory.receipt.recorded',
  receiptResolved: 'inventory.receipt.resolved',
  statementSent: 'inventory.statement.sent',
  stockLow: 'inventory.stock.low',
  alertsDigest: 'inventory.alerts.digest',
} as const;

export type InventoryEventType = (typeof INVENTORY_EVENTS)[keyof typeof INVENTORY_EVENTS];

const nullableString = z.string().nullable();

/*
 * Descriptions are the schemas' metadata, so the AsyncAPI document generated from these schemas
 * (asyncapi.ts) carries them: one source for code and documentation.
 */

/** Units as QuickBooks holds them: possibly fractional, to seven decimal places (docs/quickbooks.md). */
const quantity = z.number().nonnegative();

export const PurchaseOrderChangedSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    qbId: nullableString.describe('null for a purchase order entered by hand'),
    poNumber: z.string(),
    poType: z.enum(['BULK', 'STANDARD']),
    status: z.enum(['open', 'closed']).describe("effective status: the override when one is set, else QuickBooks'"),
    overrideStatus: z.boolean(),
    vendorName: nullableString,
    totalQuantity: quantity.describe(
      'units on the item lines (fractional as in QuickBooks); expense lines (freight, setup booked to an account) are never stock',
    ),
    quantityRemaining: quantity.describe('units left on the item lines'),
    deleted: z.boolean().describe('true when the purchase order no longer exists; the other fields are its last state'),
  })
  .meta({ id: 'PurchaseOrderChanged', description: 'A purchase order was imported, re-synced, overridden, drawn from, released to or deleted.' });
export type PurchaseOrderChanged = z.infer<typeof PurchaseOrderChangedSchema>;

export const SalesOrderChangedLineSchema = z
  .object({
    itemId: nullableString.describe('the QuickBooks item id, as purchase order lines and QuickBooks estimates reference items'),
    itemName: nullableString,
    description: nullableString,
    sku: nullableString,
    quantity,
    unitPrice: z.number().describe('exactly as QuickBooks holds it (sub-cent prices are normal in print)'),
    totalPrice: z.number(),
  })
  .meta({ id: 'SalesOrderLine' });

export const SalesOrderChangedSchema = z
  .object({
    salesOrderId: z.number().int(),
    qbId: nullableString.describe('the QuickBooks estimate id; null for a manual order'),
    soNumber: z.string(),
    status: z.enum(SALES_ORDER_STATUSES),
    bulkPoId: z.number().int().nullable(),
    customerName: z.string(),
    customerEmail: nullableString,
    totalQuantity: quantity,
    totalAmount: z.string().describe("two decimals, e.g. '1250.00'"),
    syncStatus: nullableString.describe("'pending' after an edit made here that QuickBooks does not have yet"),
    syncToken: nullableString.describe("the estimate's SyncToken as last imported, for a sparse update"),
    items: z.array(SalesOrderChangedLineSchema),
    deleted: z.boolean(),
  })
  .meta({ id: 'SalesOrderChanged', description: 'A sales order was imported, edited, allocated, released or deleted.' });
export type SalesOrderChanged = z.infer<typeof SalesOrderChangedSchema>;

export const ItemLevelChangedSchema = z
  .object({
    itemQbId: z.string(),
    virtualInventory: quantity,
  })
  .meta({ id: 'ItemLevelChanged', description: "An item's virtual inventory (units remaining on open bulk purchase order lines) moved." });
export type ItemLevelChanged = z.infer<typeof ItemLevelChangedSchema>;

export { PULL_TICKET_STATUSES };

export const PullTicketItemSchema = z
  .object({
    item_id: nullableString.describe('the QuickBooks item id'),
    item_name: nullableString,
    description: nullableString,
    sku: nullableString,
    qty: quantity,
    unit_price: z.number(),
  })
  .meta({ id: 'PullTicketItem', description: "A pull ticket line, snake_case as the ticket's PDF and screens read it." });

export const PullTicketEventSchema = z
  .object({
    pullTicketId: z.number().int(),
    ptNumber: z.string().describe('per tenant, PT-000001 onwards, no gaps'),
    salesOrderId: z.number().int().nullable().describe('null once the sales order is deleted; soNumber keeps the reference'),
    soNumber: nullableString,
    status: z.enum(PULL_TICKET_STATUSES),
    customerName: nullableString,
    customerEmail: nullableString,
    customerShippingAddress: nullableString.describe('one line'),
    vendorName: nullableString,
    vendorEmail: nullableString,
    bulkPoNumber: nullableString,
    bulkPoId: z
      .number()
      .int()
      .nullable()
      .default(null)
      .describe('the bulk purchase order the vendor pulls from; events written before it was carried read null'),
    shipByDate: nullableString.describe('YYYY-MM-DD'),
    shippedAt: z.iso.datetime({ offset: true }).nullable().describe('when the shipment was recorded'),
    carrier: nullableString.default(null).describe('how the goods left, as the ship dialog recorded it; null until shipped'),
    trackingNumber: nullableString.default(null),
    items: z.array(PullTicketItemSchema),
    releaseCharge: nullableString
      .default(null)
      .describe(
        "what the vendor charges for this release, two decimals ('25.00'): its program's release charge when the ticket was made; null without a bulk PO, and in events written before it was carried",
      ),
    programOverride: PullTicketProgramOverrideSchema.nullable()
      .default(null)
      .describe("the program rules this release broke, as worded to the broker, and the broker's reason to release it anyway; null when it kept them"),
  })
  .meta({
    id: 'PullTicket',
    description:
      'A pull ticket as it stands after the change (created, edited, sent, approved, shipped) or, for inventory.pull-ticket.deleted, as it stood when deleted. Statuses: pending (created), sent (e-mailed to the vendor), processing (approved), shipped, delivered, cancelled.',
  });
export type PullTicketEvent = z.infer<typeof PullTicketEventSchema>;

export const CATALOG_ENTITIES = ['customer', 'item', 'vendor'] as const;

export const CatalogChangedSchema = z
  .object({
    entity: z.enum(CATALOG_ENTITIES),
    count: z.number().int().min(1).describe('records in the batch (upserted or deleted)'),
  })
  .meta({
    id: 'CatalogChanged',
    description:
      'A batch of QuickBooks customers, items or vendors was imported or deleted: one event per applied batch, not per record, so a full sync announces itself in a few dozen events. Read the lists again for the records.',
  });
export type CatalogChanged = z.infer<typeof CatalogChangedSchema>;

export const ProgramChangedSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    vendorName: nullableString,
    source: z
      .enum(['purchase-order', 'vendor-defaults', 'defaults'])
      .describe("where the terms come from: the PO's own, its vendor's defaults, or the product's"),
    minReleaseQuantity: quantity.nullable().describe('units the vendor releases at least per release; null: no minimum'),
    releaseCharge: z.string().describe("per release, two decimals, e.g. '25.00'"),
    freeStorageDays: z.number().int().nonnegative().nullable().describe("days of free storage from the PO's date; null: not agreed"),
    storageChargePerMonth: nullableString.describe('two decimals; null: no storage charge'),
    storageChargeBasis: z.enum(['flat', 'per1000']).describe('flat: the amount a month; per1000: the amount a month per 1,000 units stored'),
    expiresOn: z.iso.date().describe('YYYY-MM-DD, the last day of the program'),
    tolerancePercent: z.number().int().min(0).max(100).describe('how far a delivered quantity may be over or under the ordered one'),
    plannedReleases: z.number().int().min(1).nullable(),
    notes: nullableString,
  })
  .meta({
    id: 'ProgramChanged',
    description:
      "A bulk purchase order's program terms changed: its own were saved, or its vendor's defaults, which it reads while it has none of its own. PrintPool's own terms, never in QuickBooks.",
  });
export type ProgramChanged = z.infer<typeof ProgramChangedSchema>;

const money = z.string().describe("two decimals, signed: '45.00' billed, '-12.50' credited");

export const ReceiptRecordedSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    vendorName: nullableString,
    receiptId: z.number().int(),
    receivedOn: z.iso.date(),
    status: z.enum(['complete', 'flagged']).describe('flagged: some item is beyond the tolerance and waits for the broker (inventory.receipt.resolved)'),
    tolerancePercent: z.number().int().min(0).max(100),
    lines: z.array(
      z.object({
        itemId: z.string(),
        ordered: quantity,
        quantityReceived: quantity.describe('units this delivery brought'),
        received: quantity.describe('units received of the item on the PO so far, this delivery included: what the pool holds'),
        difference: z.number().describe('received less ordered: above 0 overs, below 0 unders'),
        withinTolerance: z.boolean(),
        unitCost: z.number().nonnegative(),
        differenceAmount: money.describe('the difference at the unit cost: billed (overs) or credited (unders) when within tolerance or accepted'),
      }),
    ),
  })
  .meta({
    id: 'ReceiptRecorded',
    description:
      "A delivery of a bulk purchase order's run was recorded: the pool holds the received units from now on. A billing system charges or credits each within-tolerance difference at its unit cost.",
  });
export type ReceiptRecorded = z.infer<typeof ReceiptRecordedSchema>;

export const ReceiptResolvedSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    receiptId: z.number().int(),
    resolution: z.enum(['accepted', 'claim']).describe('accepted: the differences are billed or credited as they are; claim: they are held against the vendor'),
    note: nullableString,
  })
  .meta({ id: 'ReceiptResolved', description: 'The broker answered a receipt that was beyond its tolerance.' });
export type ReceiptResolved = z.infer<typeof ReceiptResolvedSchema>;

export const StatementSentSchema = z
  .object({
    customerId: z.number().int(),
    customerName: z.string(),
    from: z.iso.date().describe('the first day of the period the statement covers'),
    to: z.iso.date().describe('its last day, included'),
    emailLogId: z.string().describe('the communication log entry of the e-mail (GET /api/email-logs)'),
    toEmail: z.string(),
    subject: z.string(),
    sentAt: z.iso.datetime({ offset: true }),
    messageId: z.string().describe("the SMTP server's message id"),
  })
  .meta({
    id: 'StatementSent',
    description:
      "A customer's stock statement for a period was e-mailed to them: once per statement sent, when the mail server took it (a queued one when its resend goes out).",
  });
export type StatementSent = z.infer<typeof StatementSentSchema>;

export const StockLowSchema = z
  .object({
    customerId: z.number().int(),
    customerName: z.string(),
    itemId: z.string().describe('the QuickBooks item id'),
    itemName: nullableString,
    atVendor: quantity.describe("units held for the customer at vendors (docs/product.md §12, 'At vendor')"),
    reorderPoint: z.object({ units: z.number().nullable(), months: z.number().nullable() }).describe('the point it fell to: units, or months of supply'),
    monthsOfSupply: z.number().nullable(),
    runOutOn: z.iso.date().nullable(),
  })
  .meta({
    id: 'StockLow',
    description:
      "A customer's item fell to or below its reorder point: once as it falls there, again only if it falls further or, having risen above the point, falls to it again.",
  });
export type StockLow = z.infer<typeof StockLowSchema>;

export const AlertsDigestSchema = z
  .object({
    asOf: z.iso.date().describe('the day (UTC) the alerts were read'),
    alerts: z
      .array(InventoryAlertSchema)
      .min(1)
      .describe('the alerts new since the previous digest: items at their reorder point, programs ending, storage charges starting'),
  })
  .meta({
    id: 'AlertsDigest',
    description: "The company's daily digest of new stock alerts, for its owners and staff: at most one a day, none when nothing is new.",
  });
export type AlertsDigest = z.infer<typeof AlertsDigestSchema>;

export const INVENTORY_EVENT_SCHEMAS: Record<InventoryEventType, z.ZodType> = {
  'inventory.purchase-order.changed': PurchaseOrderChangedSchema,
  'inventory.sales-order.changed': SalesOrderChangedSchema,
  'inventory.item-level.changed': ItemLevelChangedSchema,
  'inventory.pull-ticket.created': PullTicketEventSchema,
  'inventory.pull-ticket.updated': PullTicketEventSchema,
  'inventory.pull-ticket.shipped': PullTicketEventSchema,
  'inventory.pull-ticket.deleted': PullTicketEventSchema,
  'inventory.catalog.changed': CatalogChangedSchema,
  'inventory.program.changed': ProgramChangedSchema,
  'inventory.receipt.recorded': ReceiptRecordedSchema,
  'inventory.receipt.resolved': ReceiptResolvedSchema,
  'inventory.statement.sent': StatementSentSchema,
  'inventory.stock.low': StockLowSchema,
  'inventory.alerts.digest': AlertsDigestSchema,
};
