import { ACCOUNTING_EVENT_SCHEMAS, type AccountingEventType } from '@printpool/contracts';
import { describe, expect, it } from '@jest/globals';
import { syncEntity } from '../domain/syncEntities.js';
import { chunkBySize, deletedEvents, upsertedEvents } from './accountingEvents.js';
import { serializedDataOf } from '@printpool/service-kit';

describe('accounting event batches', () => {
  it('splits by count and by size', () => {
    expect(chunkBySize(Array.from({ length: 2500 }, (_, i) => i)).map((c) => c.items.length)).toEqual([1000, 1000, 500]);
    const chunks = chunkBySize(['x'.repeat(40), 'y'.repeat(40), 'z'.repeat(40)], 100);
    expect(chunks.map((c) => c.items.length)).toEqual([2, 1]);
    expect(chunks.map((c) => c.json)).toEqual(chunks.map((c) => JSON.stringify(c.items)));
  });

  it('records each event with exactly the JSON of its data', () => {
    const customers = [{ qbId: '1', displayName: 'Acme "Print" \\ Co', email: null, nested: { a: [1, 2.5, 'é'] } }];
    for (const event of upsertedEvents(syncEntity('customer'), 't', 'r', customers)) {
      expect(serializedDataOf(event)).toBe(JSON.stringify(event.data));
    }
  });

  it('builds events the contract accepts', () => {
    const items = [{ qbId: '1', name: 'Cards', sku: null, description: null, unitPrice: 1, type: 'NonInventory', active: true, qbUpdatedAt: 'x' }];
    const [upserted] = upsertedEvents(syncEntity('item'), 't', 'r', items);
    expect(upserted!.type).toBe('accounting.item.upserted');
    expect(ACCOUNTING_EVENT_SCHEMAS[upserted!.type as AccountingEventType].safeParse(upserted!.data).success).toBe(true);
    const [deleted] = deletedEvents(syncEntity('estimate'), 't', 'r', ['4']);
    expect(deleted).toMatchObject({ type: 'accounting.estimate.deleted', data: { realmId: 'r', qbIds: ['4'] } });
  });
});
