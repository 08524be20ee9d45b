import { ACCOUNTING_EVENT_SCHEMAS, type AccountingEventType } from '@printpool/contracts';
import { describe, expect, it } from '@jest/globals';
import { syncEntity } from '../domain/syncEntities.js';
import { chunkBySize, deletedEvents, upsertedEvents } from './accountingEvents.js';

describe('accounting event batches', () => {
  it('splits by count and by size', () => {
    expect(chunkBySize(Array.from({ length: 2500 }, (_, i) => i)).map((c) => c.length)).toEqual([1000, 1000, 500]);
    expect(chunkBySize(['x'.repeat(40), 'y'.repeat(40), 'z'.repeat(40)], 100).map((c) => c.length)).toEqual([2, 1]);
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
