import { z } from 'zod';

/**
 * Events svc-sync publishes about the broker's QuickBooks Online company. Upserts and
 * deletions carry batches (at most {@link ACCOUNTING_BATCH_MAX} entities) so a full sync of
 * 70,000 entities is ~70 events, not 70,000. All are data version 1.
 */
export const ACCOUNTING_BATCH_MAX = 1000;

export const ACCOUNTING_EVENTS = {
  customerUpserted: 'accounting.customer.upserted',
  vendorUpserted: 'accounting.vendor.upserted',
  itemUpserted: 'accounting.item.upserted',
  purchaseOrderUpserted: 'accounting.purchase-order.upserted',
  estimateUpserted: 'accounting.estimate.upserted',
  customerDeleted: 'accounting.customer.deleted',
  vendorDeleted: 'accounting.vendor.deleted',
  itemDeleted: 'accounting.item.deleted',
  purchaseOrderDeleted: 'accounting.purchase-order.deleted',
  estimateDeleted: 'accounting.estimate.deleted',
  syncCompleted: 'accounting.sync.completed',
  connectionEstablished: 'accounting.connection.established',
  companyUpdated: 'accounting.company.updated',
} as const;

export type AccountingEventType = (typeof ACCOUNTING_EVENTS)[keyof typeof ACCOUNTING_EVENTS];

/** The entity segment of `accounting.<entity>.upserted|deleted`. */
export const ACCOUNTING_ENTITIES = ['customer', 'vendor', 'item', 'purchase-order', 'estimate'] as const;
export type AccountingEntity = (typeof ACCOUNTING_ENTITIES)[number];

const nullableString = z.string().nullable();

/**
 * QuickBooks' PhysicalAddress. Most transaction addresses arrive free-form: up to five lines
 * holding name, street, and "City, ST 12345" with City, region and postal code empty; the
 * later lines are optional so events written before they existed still read.
 */
export const AccountingAddressSchema = z.object({
  line1: nullableString,
  line2: nullableString,
  line3: nullableString.optional(),
  line4: nullableString.optional(),
  line5: nullableString.optional(),
  city: nullableString,
  region: nullableString,
  postalCode: nullableString,
  country: nullableString,
});
export type AccountingAddress = z.infer<typeof AccountingAddressSchema>;

const batch = <T extends z.ZodType>(entity: T) => z.array(entity).max(ACCOUNTING_BATCH_MAX);

export const AccountingCustomerSchema = z.object({
  qbId: z.string(),
  displayName: z.string(),
  /** "Parent:Job" for a job or sub-customer, so two jobs named alike stay apart. */
  fullyQualifiedName: nullableString.optional(),
  /** The customer a job or sub-customer sits under. */
  parentQbId: nullableString.optional(),
  /** The customer's currency (ISO 4217) when the company keeps several. */
  currency: nullableString.optional(),
  companyName: nullableString,
  email: nullableString,
  phone: nullableString,
  billAddress: AccountingAddressSchema.nullable(),
  shipAddress: AccountingAddressSchema.nullable(),
  active: z.boolean(),
  qbUpdatedAt: z.string(),
});
export type AccountingCustomer = z.infer<typeof AccountingCustomerSchema>;

export const AccountingVendorSchema = z.object({
  qbId: z.string(),
  displayName: z.string(),
  companyName: nullableString,
  email: nullableString,
  phone: nullableString,
  fax: nullableString,
  address: AccountingAddressSchema.nullable(),
  active: z.boolean(),
  qbUpdatedAt: z.string(),
});
export type AccountingVendor = z.infer<typeof AccountingVendorSchema>;

export const AccountingItemSchema = z.object({
  qbId: z.string(),
  name: z.string(),
  /** "Parent:Child" for a sub-item: "500 ct" under two parents are two items. */
  fullyQualifiedName: nullableString.optional(),
  parentQbId: nullableString.optional(),
  sku: nullableString,
  description: nullableString,
  unitPrice: z.number(),
  /**
   * What the broker pays the vendor per unit (QuickBooks' PurchaseCost), which a manual purchase
   * order's lines start from; null when QuickBooks has none, absent from events sent before sync read it.
   */
  purchaseCost: z.number().nullable().optional(),
  /** QuickBooks' item type: Inventory, NonInventory and Service are sold; Category and Group (a bundle) never are stock. */
  type: z.string(),
  active: z.boolean(),
  qbUpdatedAt: z.string(),
});
export type AccountingItem = z.infer<typeof AccountingItemSchema>;

/** The bundle (a QuickBooks Group item) a line was sold in: its components are drawn from the pool, the customer bought the bundle. */
export const AccountingBundleSchema = z.object({
  lineId: nullableString,
  itemQbId: nullableString,
  name: nullableString,
  quantity: z.number(),
});
export type AccountingBundle = z.infer<typeof AccountingBundleSchema>;

/**
 * A goods line of a purchase order or estimate: an item line, or a component of a bundle with
 * its quantity for the whole bundle quantity (QuickBooks multiplies them). `expense` lines are
 * costs a purchase order books to an account (freight, setup): kept with the order, never stock.
 * Description-only lines come apart ({@link AccountingDescriptionLineSchema}); subtotal and discount
 * lines are not lines here, their effect is in totals.
 */
export const AccountingLineSchema = z.object({
  lineId: z.string(),
  itemQbId: nullableString,
  itemName: nullableString,
  description: nullableString,
  qty: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  kind: z.enum(['item', 'expense']).optional(),
  bundle: AccountingBundleSchema.nullable().optional(),
  /** A purchase order line bought for a customer (its CustomerRef): whose stock it is (docs/product.md §12). Optional so events written before it still read. */
  customerQbId: nullableString.optional(),
});
export type AccountingLine = z.infer<typeof AccountingLineSchema>;

/**
 * A line of text alone (QuickBooks' DescriptionOnly: 'PROOF MUST BE APPROVED BEFORE RUN'): no item,
 * no money, never stock, but the customer and the vendor must read it where QuickBooks has it.
 * `afterLineId` is the goods line it follows (null: before the first), so it keeps its place
 * among lines the broker edits; a separate list so consumers of goods lines never draw it.
 */
export const AccountingDescriptionLineSchema = z.object({
  lineId: z.string(),
  description: z.string(),
  afterLineId: nullableString,
});
export type AccountingDescriptionLine = z.infer<typeof AccountingDescriptionLineSchema>;

/**
 * A document's money as QuickBooks computes it: TotalAmt = subtotal − discount + tax (+ shipping).
 * Shown wherever a total is, so lines and total visibly add up.
 */
export const AccountingTotalsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
});
export type AccountingTotals = z.infer<typeof AccountingTotalsSchema>;

export const AccountingPurchaseOrderSchema = z.object({
  qbId: z.string(),
  docNumber: nullableString,
  vendorQbId: nullableString,
  vendorName: nullableString,
  vendorEmail: nullableString,
  status: z.enum(['open', 'closed']),
  txnDate: nullableString,
  totalAmount: z.number(),
  totals: AccountingTotalsSchema.nullable().optional(),
  /** ISO 4217; absent or the company's home currency for most documents. */
  currency: nullableString.optional(),
  shipAddress: AccountingAddressSchema.nullable(),
  /** The PO's SalesTermRef by name ('Net 30'), as on estimates; optional so events written before it still read. */
  terms: nullableString.optional(),
  memo: nullableString,
  lines: z.array(AccountingLineSchema),
  syncToken: z.string(),
  qbUpdatedAt: z.string(),
});
export type AccountingPurchaseOrder = z.infer<typeof AccountingPurchaseOrderSchema>;

export const AccountingEstimateSchema = z.object({
  qbId: z.string(),
  docNumber: nullableString,
  customerQbId: nullableString,
  customerName: nullableString,
  customerEmail: nullableString,
  txnStatus: z.enum(['Pending', 'Accepted', 'Closed', 'Rejected']),
  txnDate: nullableString,
  expirationDate: nullableString,
  totalAmount: z.number(),
  totals: AccountingTotalsSchema.nullable().optional(),
  /** ISO 4217; absent or the company's home currency for most documents. */
  currency: nullableString.optional(),
  shipAddress: AccountingAddressSchema.nullable(),
  billAddress: AccountingAddressSchema.nullable(),
  /** ShipMethodRef's name ('UPS Ground'); optional so events written before it still read. */
  shipMethod: nullableString.optional(),
  /** SalesTermRef's name ('Net 30'), read from QuickBooks' Term list when the ref carries only its Id; never the Id. */
  terms: nullableString.optional(),
  /** The customer's own PO number, kept in a custom field named like 'P.O. Number' (QuickBooks has no standard field for it on estimates). */
  customerPoNumber: nullableString.optional(),
  memo: nullableString,
  lines: z.array(AccountingLineSchema),
  /** Optional so events written before it still read: such an estimate had none kept. */
  descriptionLines: z.array(AccountingDescriptionLineSchema).optional(),
  syncToken: z.string(),
  qbUpdatedAt: z.string(),
});
export type AccountingEstimate = z.infer<typeof AccountingEstimateSchema>;

export const CustomerUpsertedSchema = z.object({ realmId: z.string(), customers: batch(AccountingCustomerSchema) });
export type CustomerUpserted = z.infer<typeof CustomerUpsertedSchema>;

export const VendorUpsertedSchema = z.object({ realmId: z.string(), vendors: batch(AccountingVendorSchema) });
export type VendorUpserted = z.infer<typeof VendorUpsertedSchema>;

export const ItemUpsertedSchema = z.object({ realmId: z.string(), items: batch(AccountingItemSchema) });
export type ItemUpserted = z.infer<typeof ItemUpsertedSchema>;

export const PurchaseOrderUpsertedSchema = z.object({
  realmId: z.string(),
  purchaseOrders: batch(AccountingPurchaseOrderSchema),
});
export type PurchaseOrderUpserted = z.infer<typeof PurchaseOrderUpsertedSchema>;

export const EstimateUpsertedSchema = z.object({ realmId: z.string(), estimates: batch(AccountingEstimateSchema) });
export type EstimateUpserted = z.infer<typeof EstimateUpsertedSchema>;

/** Data of every `accounting.<entity>.deleted` event. */
export const AccountingDeletedSchema = z.object({ realmId: z.string(), qbIds: batch(z.string()) });
export type AccountingDeleted = z.infer<typeof AccountingDeletedSchema>;

export const SyncCompletedSchema = z.object({
  realmId: z.string(),
  runId: z.string(),
  kind: z.enum(['full', 'customers', 'items', 'incremental', 'webhook']),
  counts: z.record(z.string(), z.number()),
});
export type SyncCompleted = z.infer<typeof SyncCompletedSchema>;
export type SyncKind = SyncCompleted['kind'];

/** A tenant connected (or reconnected) a QuickBooks company. */
export const ConnectionEstablishedSchema = z.object({ realmId: z.string(), companyName: nullableString });
export type ConnectionEstablished = z.infer<typeof ConnectionEstablishedSchema>;

/**
 * The broker's own company as QuickBooks' CompanyInfo holds it: what their documents' letterhead
 * shows. Sent on every full sync, so a change in QuickBooks reaches the PDFs with the next one.
 */
export const CompanyUpdatedSchema = z.object({
  realmId: z.string(),
  companyName: nullableString,
  legalName: nullableString,
  /** CompanyAddr (else LegalAddr). */
  address: AccountingAddressSchema.nullable(),
  phone: nullableString,
  email: nullableString,
});
export type CompanyUpdated = z.infer<typeof CompanyUpdatedSchema>;

/** The data schema of each accounting event type, for consumers that validate what they read. */
export const ACCOUNTING_EVENT_SCHEMAS: Record<AccountingEventType, z.ZodType> = {
  'accounting.customer.upserted': CustomerUpsertedSchema,
  'accounting.vendor.upserted': VendorUpsertedSchema,
  'accounting.item.upserted': ItemUpsertedSchema,
  'accounting.purchase-order.upserted': PurchaseOrderUpsertedSchema,
  'accounting.estimate.upserted': EstimateUpsertedSchema,
  'accounting.customer.deleted': AccountingDeletedSchema,
  'accounting.vendor.deleted': AccountingDeletedSchema,
  'accounting.item.deleted': AccountingDeletedSchema,
  'accounting.purchase-order.deleted': AccountingDeletedSchema,
  'accounting.estimate.deleted': AccountingDeletedSchema,
  'accounting.sync.completed': SyncCompletedSchema,
  'accounting.connection.established': ConnectionEstablishedSchema,
  'accounting.company.updated': CompanyUpdatedSchema,
};
