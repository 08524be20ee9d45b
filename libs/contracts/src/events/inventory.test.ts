import { describe, expect, it } from '@jest/globals';
import { createEvent, EventTypeSchema } from './envelope.js';
import {
  CatalogChangedSchema,
  INVENTORY_EVENT_SCHEMAS,
  INVENTORY_EVENTS,
  ItemLevelChangedSchema,
  PullTicketEventSchema,
  SalesOrderChangedSchema,
} from './inventory.js';
import { streamForSubject } from './streams.js';
import { INVENTORY_EVENT_EXAMPLES } from './asyncapi.js';
import type { z } from 'zod';

describe('inventory events', () => {
  it('names every type by the convention and lands in the INVENTORY stream', () => {
    for (const type of Object.values(INVENTORY_EVENTS)) {
      expect(EventTypeSchema.safeParse(type).success).toBe(true);
      expect(streamForSubject(type)?.name).toBe('INVENTORY');
      expect(INVENTORY_EVENT_SCHEMAS[type]).toBeDefined();
    }
  });

  it('accepts an item level, fractional as QuickBooks quantities are, and refuses a negative one', () => {
    const event = createEvent(INVENTORY_EVENTS.itemLevelChanged, 'tenant-1', { itemQbId: '7', virtualInventory: 40 });
    expect(ItemLevelChangedSchema.parse(event.data)).toEqual({ itemQbId: '7', virtualInventory: 40 });
    expect(ItemLevelChangedSchema.parse({ itemQbId: '7', virtualInventory: 1.5 })).toEqual({ itemQbId: '7', virtualInventory: 1.5 });
    expect(ItemLevelChangedSchema.safeParse({ itemQbId: '7', virtualInventory: -1 }).success).toBe(false);
  });

  it('describes a sales order with its lines and a two-decimal total', () => {
    const data = {
      salesOrderId: 3,
      qbId: '120',
      soNumber: 'EST-1001-BL',
      status: 'active',
      bulkPoId: 9,
      customerName: 'Acme Print',
      customerEmail: null,
      totalQuantity: 500,
      totalAmount: '250.00',
      syncStatus: 'synced',
      syncToken: '0',
      items: [{ itemId: '7', itemName: 'Flyer', description: null, sku: 'FLY', quantity: 500, unitPrice: 0.5, totalPrice: 250 }],
      deleted: false,
    };
    expect(SalesOrderChangedSchema.parse(data)).toEqual(data);
    expect(SalesOrderChangedSchema.safeParse({ ...data, status: 'shipped' }).success).toBe(false);
  });

  it('describes a pull ticket with its item specs, and refuses an unknown status', () => {
    // The documented example (asyncapi.ts), with a vendor that has no e-mail.
    const data = { ...(INVENTORY_EVENT_EXAMPLES[INVENTORY_EVENTS.pullTicketShipped] as z.input<typeof PullTicketEventSchema>), vendorEmail: null };
    expect(PullTicketEventSchema.parse(data)).toEqual(data);
    // An event written before the ticket's PO id and shipment were carried still reads, with them unknown.
    const { bulkPoId, carrier, trackingNumber, ...older } = data;
    expect([bulkPoId, carrier, trackingNumber]).toEqual([12, 'UPS', '1Z999AA10123456784']);
    expect(PullTicketEventSchema.parse(older)).toEqual({ ...older, bulkPoId: null, carrier: null, trackingNumber: null });
    expect(INVENTORY_EVENT_SCHEMAS[INVENTORY_EVENTS.pullTicketShipped]).toBe(PullTicketEventSchema);
    expect(PullTicketEventSchema.safeParse({ ...data, status: 'lost' }).success).toBe(false);
  });

  it('announces a catalog batch by entity and size, and refuses an empty or unknown one', () => {
    const event = createEvent(INVENTORY_EVENTS.catalogChanged, 'tenant-1', { entity: 'customer', count: 50 });
    expect(CatalogChangedSchema.parse(event.data)).toEqual({ entity: 'customer', count: 50 });
    expect(CatalogChangedSchema.safeParse({ entity: 'customer', count: 0 }).success).toBe(false);
    expect(CatalogChangedSchema.safeParse({ entity: 'estimate', count: 1 }).success).toBe(false);
  });
});
