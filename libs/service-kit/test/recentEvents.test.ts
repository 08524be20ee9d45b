import { describe, expect, it } from '@jest/globals';
import { rememberEventData, takeEventData } from '../src/events/recentEvents.js';

const written = (value: unknown) => ({ value, json: JSON.stringify(value) });

describe('the data of events this process just wrote', () => {
  it('keeps every event of one transaction that records thousands of small ones', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `small-${i}`);
    for (const [i, id] of ids.entries()) rememberEventData(id, written({ purchaseOrderId: i, quantityRemaining: 12.5 }));
    expect(ids.filter((id) => takeEventData(id) === undefined)).toEqual([]);
  });

  it('gives each event once', () => {
    rememberEventData('once', written({ itemQbId: '7' }));
    expect(takeEventData('once')).toEqual(written({ itemQbId: '7' }));
    expect(takeEventData('once')).toBeUndefined();
  });

  it('forgets the oldest once the JSON kept passes its bound, so the relay reads those from their rows', () => {
    const page = 'x'.repeat(1_000_000);
    const ids = Array.from({ length: 40 }, (_, i) => `page-${i}`);
    for (const id of ids) rememberEventData(id, written({ page }));
    const kept = ids.filter((id) => takeEventData(id) !== undefined);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(ids.length);
    expect(kept).toEqual(ids.slice(ids.length - kept.length));
  });
});
