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
  sku: nullableString,
  description: nullableString,
  unitPrice: z.number(),
  type: z.string(),
  active: z.boolean(),
  qbUpdatedAt: z.string(),
});
export type AccountingItem = z.infer<typeof AccountingItemSchema>;

export const AccountingLineSchema = z.object({
  lineId: z.string(),
  itemQbId: nullableString,
  itemName: nullableString,
  description: nullableString,
  qty: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type AccountingLine = z.infer<typeof AccountingLineSchema>;

export const AccountingPurchaseOrderSchema = z.object({
  qbId: z.string(),
  docNumber: nullableString,
  vendorQbId: nullableString,
  vendorName: nullableString,
  vendorEmail: nullableString,
  status: z.enum(['open', 'closed']),
  txnDate: nullableString,
  totalAmount: z.number(),
  shipAddress: AccountingAddressSchema.nullable(),
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
  shipAddress: AccountingAddressSchema.nullable(),
  billAddress: AccountingAddressSchema.nullable(),
  memo: nullableString,
  lines: z.array(AccountingLineSchema),
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
};
