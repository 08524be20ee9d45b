import { describe, expect, it } from '@jest/globals';
import { readCloudEventType } from './cloudEventType.js';
import { readWebhookPayload } from './webhookPayload.js';

const event = (type: string, id: string, realm = '9341', extra: Record<string, unknown> = {}) => ({
  specversion: '1.0',
  id: `evt-${id}`,
  source: 'intuit.abc=',
  type,
  time: '2026-03-17T16:19:17Z',
  intuitentityid: id,
  intuitaccountid: realm,
  ...extra,
});

describe('readCloudEventType', () => {
  it('reads the entity and operation of the types PrintPool syncs', () => {
    expect(readCloudEventType('qbo.estimate.updated.v1')).toEqual({ name: 'Estimate', operation: 'Update' });
    expect(readCloudEventType('qbo.purchaseorder.created.v1')).toEqual({ name: 'PurchaseOrder', operation: 'Create' });
    expect(readCloudEventType('qbo.customer.merged.v1')).toEqual({ name: 'Customer', operation: 'Merge' });
    expect(readCloudEventType('qbo.item.deleted.v1')).toEqual({ name: 'Item', operation: 'Delete' });
  });

  it('knows nothing of other entities, verbs, versions or products', () => {
    for (const type of [
      'qbo.invoice.created.v1',
      'qbo.estimate.emailed.v1',
      'qbo.estimate.updated.v2',
      'payroll.employee.created.v1',
      'qbo.estimate.updated',
      '',
    ]) {
      expect(readCloudEventType(type)).toBeUndefined();
    }
  });
});

describe('readWebhookPayload', () => {
  it('reads a CloudEvents array per company, merges with the id they deleted', () => {
    const payload = readWebhookPayload([
      event('qbo.estimate.updated.v1', '150'),
      event('qbo.customer.merged.v1', '123', '9341', { datacontenttype: 'application/json', data: { deletedid: '27' } }),
      event('qbo.vendor.created.v1', '8', '5555', { data: {} }),
    ]);
    expect(payload).toEqual({
      realms: [
        {
          realmId: '9341',
          changes: [
            { name: 'Estimate', id: '150', operation: 'Update' },
            { name: 'Customer', id: '123', operation: 'Merge', deletedId: '27' },
          ],
        },
        { realmId: '5555', changes: [{ name: 'Vendor', id: '8', operation: 'Create' }] },
      ],
      ignored: [],
    });
  });

  it('skips unknown types and unreadable events but keeps the rest', () => {
    const payload = readWebhookPayload([event('qbo.invoice.created.v1', '1'), { type: 'qbo.estimate.updated.v1' }, event('qbo.item.updated.v1', '4')]);
    expect(payload).toEqual({
      realms: [{ realmId: '9341', changes: [{ name: 'Item', id: '4', operation: 'Update' }] }],
      ignored: ['qbo.invoice.created.v1', 'unreadable event'],
    });
  });

  it('reads the legacy body the same way', () => {
    const payload = readWebhookPayload({
      eventNotifications: [
        {
          realmId: '9341',
          dataChangeEvent: {
            entities: [
              { name: 'Estimate', id: '150', operation: 'Update', lastUpdated: '2026-01-01T00:00:00Z' },
              { name: 'Customer', id: '123', operation: 'Merge', deletedId: '27', lastUpdated: '2026-01-01T00:00:00Z' },
              { name: 'Invoice', id: '9', operation: 'Create', lastUpdated: '2026-01-01T00:00:00Z' },
              { name: 'Estimate', id: '151', operation: 'Emailed', lastUpdated: '2026-01-01T00:00:00Z' },
            ],
          },
        },
      ],
    });
    expect(payload).toEqual({
      realms: [
        {
          realmId: '9341',
          changes: [
            { name: 'Estimate', id: '150', operation: 'Update' },
            { name: 'Customer', id: '123', operation: 'Merge', deletedId: '27' },
          ],
        },
      ],
      ignored: ['Invoice:Create', 'Estimate:Emailed'],
    });
  });

  it('answers undefined for a body in neither format', () => {
    expect(readWebhookPayload({ hello: 'world' })).toBeUndefined();
    expect(readWebhookPayload('text')).toBeUndefined();
    expect(readWebhookPayload([])).toEqual({ realms: [], ignored: [] });
  });
});
