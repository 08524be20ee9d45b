import { describe, expect, it } from '@jest/globals';
import {
  ACCOUNTING_BATCH_MAX,
  ACCOUNTING_EVENT_SCHEMAS,
  ACCOUNTING_EVENTS,
  AccountingDeletedSchema,
  CustomerUpsertedSchema,
  PurchaseOrderUpsertedSchema,
} from './accounting.js';
import { createEvent, EventTypeSchema } from './envelope.js';

const customer = {
  qbId: '1',
  displayName: 'Acme Print',
  companyName: null,
  email: 'ap@acme.test',
  phone: null,
  billAddress: { line1: '1 Main St', line2: null, city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  shipAddress: null,
  active: true,
  qbUpdatedAt: '2025-01-02T03:04:05-08:00',
};

describe('accounting events', () => {
  it('names every type by the <domain>.<entity>.<verb> convention', () => {
    for (const type of Object.values(ACCOUNTING_EVENTS)) {
      expect(EventTypeSchema.safeParse(type).success).toBe(true);
      expect(ACCOUNTING_EVENT_SCHEMAS[type]).toBeDefined();
    }
  });

  it('accepts a customer batch in an envelope', () => {
    const event = createEvent(ACCOUNTING_EVENTS.customerUpserted, 't', { realmId: 'r', customers: [customer] });
    expect(CustomerUpsertedSchema.parse(event.data)).toEqual(event.data);
  });

  it('refuses batches over the limit and missing nullable fields', () => {
    const customers = Array.from({ length: ACCOUNTING_BATCH_MAX + 1 }, (_, i) => ({ ...customer, qbId: String(i) }));
    expect(CustomerUpsertedSchema.safeParse({ realmId: 'r', customers }).success).toBe(false);
    const { email: _email, ...withoutEmail } = customer;
    expect(CustomerUpsertedSchema.safeParse({ realmId: 'r', customers: [withoutEmail] }).success).toBe(false);
    expect(AccountingDeletedSchema.safeParse({ realmId: 'r', qbIds: ['1', 2] }).success).toBe(false);
  });

  it('accepts a purchase order with lines and refuses an unknown status', () => {
    const po = {
      qbId: '9',
      docNumber: 'PO-9',
      vendorQbId: '3',
      vendorName: 'Paper Co',
      vendorEmail: null,
      status: 'open',
      txnDate: '2025-01-02',
      totalAmount: 12.5,
      shipAddress: null,
      memo: null,
      lines: [{ lineId: '1', itemQbId: '4', itemName: 'Stock', description: null, qty: 5, unitPrice: 2.5, amount: 12.5 }],
      syncToken: '0',
      qbUpdatedAt: '2025-01-02T03:04:05Z',
    };
    expect(PurchaseOrderUpsertedSchema.safeParse({ realmId: 'r', purchaseOrders: [po] }).success).toBe(true);
    expect(PurchaseOrderUpsertedSchema.safeParse({ realmId: 'r', purchaseOrders: [{ ...po, status: 'Open' }] }).success).toBe(false);
  });
});
