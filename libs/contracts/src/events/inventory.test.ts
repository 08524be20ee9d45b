import { describe, expect, it } from '@jest/globals';
import { createEvent, EventTypeSchema } from './envelope.js';
import { INVENTORY_EVENT_SCHEMAS, INVENTORY_EVENTS, ItemLevelChangedSchema, SalesOrderChangedSchema } from './inventory.js';
import { streamForSubject } from './streams.js';

describe('inventory events', () => {
  it('names every type by the convention and lands in the INVENTORY stream', () => {
    for (const type of Object.values(INVENTORY_EVENTS)) {
      expect(EventTypeSchema.safeParse(type).success).toBe(true);
      expect(streamForSubject(type)?.name).toBe('INVENTORY');
      expect(INVENTORY_EVENT_SCHEMAS[type]).toBeDefined();
    }
  });

  it('accepts an item level and refuses a fractional one', () => {
    const event = createEvent(INVENTORY_EVENTS.itemLevelChanged, 'tenant-1', { itemQbId: '7', virtualInventory: 40 });
    expect(ItemLevelChangedSchema.parse(event.data)).toEqual({ itemQbId: '7', virtualInventory: 40 });
    expect(ItemLevelChangedSchema.safeParse({ itemQbId: '7', virtualInventory: 1.5 }).success).toBe(false);
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
});
