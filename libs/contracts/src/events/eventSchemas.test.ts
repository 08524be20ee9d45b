import { describe, expect, it } from '@jest/globals';
import { ACCOUNTING_EVENTS } from './accounting.js';
import { INVENTORY_EVENT_EXAMPLES } from './asyncapi.js';
import { DOCUMENTS_EVENTS } from './documents.js';
import { createEvent } from './envelope.js';
import { EVENT_SCHEMAS, eventContractProblem } from './eventSchemas.js';
import { IDENTITY_EVENTS } from './identity.js';
import { INVENTORY_EVENTS } from './inventory.js';
import { streamForSubject } from './streams.js';

const DOMAINS = { ACCOUNTING: ACCOUNTING_EVENTS, INVENTORY: INVENTORY_EVENTS, DOCUMENTS: DOCUMENTS_EVENTS, IDENTITY: IDENTITY_EVENTS };

describe('the event contracts', () => {
  it('give every event type of every domain a data schema, and name no other', () => {
    const types = Object.entries(DOMAINS).flatMap(([stream, events]) =>
      Object.values(events).map((type) => {
        expect([type, streamForSubject(type)?.name]).toEqual([type, stream]);
        return type;
      }),
    );
    expect(types.filter((type) => !EVENT_SCHEMAS[type])).toEqual([]);
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual(types.sort());
  });

  it('accept an event consumers can read and say why they cannot read another', () => {
    const [type, data] = Object.entries(INVENTORY_EVENT_EXAMPLES)[0]!;
    expect(eventContractProblem(createEvent(type, 't', data))).toBeNull();
    expect(eventContractProblem(createEvent('inventory.item.renamed', 't', {}))).toBe('inventory.item.renamed has no schema in libs/contracts');
    expect(eventContractProblem(createEvent(type, 't', data, 2))).toMatch(/data version 2 has no schema/);
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.itemLevelChanged, 't', { itemQbId: '7', virtualInventory: 'many' }))).toMatch(
      /^inventory\.item-level\.changed breaks its contract at 'virtualInventory'/,
    );
  });

  it('refuse a field the schema does not name, at any depth, as the AsyncAPI document does', () => {
    const line = { itemId: '7', itemName: 'Envelope #10', description: null, sku: null, quantity: 500, unitPrice: 0.0941, totalPrice: 47.05 };
    const order = {
      salesOrderId: 3,
      qbId: '41',
      soNumber: 'EST-1001-BL',
      status: 'active',
      bulkPoId: null,
      customerName: 'Harbor Dental',
      customerEmail: null,
      totalQuantity: 500,
      totalAmount: '47.05',
      syncStatus: null,
      syncToken: '0',
      items: [line],
      deleted: false,
    };
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.salesOrderChanged, 't', order))).toBeNull();
    const withLineId = { ...order, items: [{ ...line, lineId: '3' }] };
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.salesOrderChanged, 't', withLineId))).toBe(
      "inventory.sales-order.changed breaks its contract at 'items.0.lineId': a field its schema does not name",
    );
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.itemLevelChanged, 't', { itemQbId: '7', virtualInventory: 1, memberId: 'm-1' }))).toMatch(
      /at 'memberId'/,
    );
  });
});
