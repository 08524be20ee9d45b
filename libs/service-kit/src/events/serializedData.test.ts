import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from './bus.js';
import { serializedEnvelope, withSerializedData } from './serializedData.js';

const envelope = (): EventEnvelope => ({
  id: '3f1e0a52-58b5-4c53-9f7e-0c1c43f3f5a1',
  type: 'accounting.customer.upserted',
  tenantId: 't-1',
  occurredAt: '2026-11-26T10:00:00.000Z',
  version: 1,
  data: { realmId: '9130', customers: [{ qbId: '1', displayName: 'Harbor "Print"' }] },
});

describe('an envelope sent with data serialized beforehand', () => {
  it('reads on the wire exactly as the envelope serialized whole', () => {
    const plain = envelope();
    const handed = withSerializedData(envelope(), JSON.stringify(plain.data));
    expect(JSON.parse(serializedEnvelope(handed))).toEqual(JSON.parse(JSON.stringify(plain)));
  });

  it('sends the JSON it was handed, not a second serialization of the value', () => {
    const handed = withSerializedData(envelope(), '{"realmId":"9130","customers":[]}');
    expect((JSON.parse(serializedEnvelope(handed)) as EventEnvelope).data).toEqual({ realmId: '9130', customers: [] });
  });
});
