import { describe, expect, it } from '@jest/globals';
import { EVENT_STREAMS, streamForSubject } from './streams.js';

describe('event streams', () => {
  it('has one stream per domain holding every subject of that domain', () => {
    expect(EVENT_STREAMS.map((s) => [s.name, s.subjects])).toEqual([
      ['ACCOUNTING', ['accounting.>']],
      ['INVENTORY', ['inventory.>']],
      ['DOCUMENTS', ['documents.>']],
      ['IDENTITY', ['identity.>']],
    ]);
  });

  it('maps subjects and subscription filters to their domain stream', () => {
    expect(streamForSubject('accounting.estimate.upserted')?.name).toBe('ACCOUNTING');
    expect(streamForSubject('inventory.>')?.name).toBe('INVENTORY');
    expect(streamForSubject('documents.*.sent')?.name).toBe('DOCUMENTS');
    expect(streamForSubject('identity.settings.updated')?.name).toBe('IDENTITY');
  });

  it('has no stream for filters that span domains or unknown domains', () => {
    expect(streamForSubject('>')).toBeUndefined();
    expect(streamForSubject('*.item.changed')).toBeUndefined();
    expect(streamForSubject('billing.invoice.created')).toBeUndefined();
    expect(streamForSubject('inventoryx.item.changed')).toBeUndefined();
  });
});
