import { describe, expect, it } from '@jest/globals';
import { createEvent, EventEnvelopeSchema, EventTypeSchema } from './envelope.js';

describe('createEvent', () => {
  it('builds a valid envelope with a uuid v7 id and the current time', () => {
    const before = Date.now();
    const event = createEvent('inventory.purchase-order.changed', 'tenant-1', { purchaseOrderId: 'po-1' });
    expect(EventEnvelopeSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({ type: 'inventory.purchase-order.changed', tenantId: 'tenant-1', version: 1, data: { purchaseOrderId: 'po-1' } });
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(event.occurredAt)).toBeGreaterThanOrEqual(before);
  });

  it('gives ids that sort in creation order', () => {
    const ids = Array.from({ length: 50 }, () => createEvent('documents.email.sent', 't', {}).id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps an explicit data version', () => {
    expect(createEvent('identity.settings.updated', 't', {}, 2).version).toBe(2);
  });

  it('refuses a type outside the <domain>.<entity>.<verb> convention', () => {
    expect(() => createEvent('inventory.item', 't', {})).toThrow(/domain/);
    expect(() => createEvent('billing.invoice.created', 't', {})).toThrow(/known domain/);
    expect(() => createEvent('inventory.Item.changed', 't', {})).toThrow();
    expect(() => createEvent('inventory.item.*', 't', {})).toThrow();
  });

  it('refuses an empty tenant and a version below 1', () => {
    expect(() => createEvent('inventory.item.changed', '', {})).toThrow();
    expect(() => createEvent('inventory.item.changed', 't', {}, 0)).toThrow();
    expect(() => createEvent('inventory.item.changed', 't', {}, 1.5)).toThrow();
  });
});

describe('EventEnvelopeSchema', () => {
  const valid = createEvent('accounting.estimate.upserted', 't', { qbId: '42' });

  it('rejects envelopes a consumer could not trust', () => {
    expect(EventEnvelopeSchema.safeParse({ ...valid, id: '6ba7b810-9dad-41d1-80b4-00c04fd430c8' }).success).toBe(false);
    expect(EventEnvelopeSchema.safeParse({ ...valid, occurredAt: 'yesterday' }).success).toBe(false);
    const { tenantId: _tenantId, ...withoutTenant } = valid;
    expect(EventEnvelopeSchema.safeParse(withoutTenant).success).toBe(false);
  });

  it('accepts every documented event type', () => {
    for (const type of [
      'accounting.estimate.upserted',
      'inventory.purchase-order.changed',
      'inventory.item-level.changed',
      'inventory.pull-ticket.shipped',
      'documents.email.sent',
      'identity.settings.updated',
    ]) {
      expect(EventTypeSchema.safeParse(type).success).toBe(true);
    }
  });
});
