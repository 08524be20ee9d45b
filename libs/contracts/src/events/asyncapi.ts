import { z } from 'zod';
import { EventEnvelopeSchema } from './envelope.js';
import { INVENTORY_EVENT_SCHEMAS, INVENTORY_EVENTS, PullTicketItemSchema, SalesOrderChangedLineSchema, type InventoryEventType } from './inventory.js';
import { PullTicketProgramOverrideSchema } from '../http/routes/inventoryReleaseRules.js';
import { ReorderEstimateSchema } from '../http/routes/inventoryCustomerStock.js';
import { publishedDataSchema, withRevision } from './revision.js';

/** What each inventory event says happened, as the document's message summary. */
const SUMMARIES: Record<InventoryEventType, string> = {
  'inventory.purchase-order.changed': 'A purchase order was imported, re-synced, overridden, drawn from, released to or deleted.',
  'inventory.sales-order.changed': 'A sales order was imported, edited, allocated, released or deleted.',
  'inventory.item-level.changed': "An item's virtual inventory moved.",
  'inventory.pull-ticket.created': 'A pull ticket was created from an accepted QuickBooks sales order (status pending).',
  'inventory.pull-ticket.updated': 'A pull ticket was edited, marked sent or approved (any change but a move into shipped).',
  'inventory.pull-ticket.shipped': "A pull ticket's shipment was recorded (once; re-sent notifications publish nothing).",
  'inventory.pull-ticket.deleted': 'A pull ticket was deleted; the payload is its last state.',
  'inventory.catalog.changed': 'A batch of catalog records (customers, items or vendors) was imported or deleted.',
  'inventory.program.changed': "A bulk purchase order's program terms changed: its own were saved, or the vendor's defaults it reads.",
  'inventory.receipt.recorded': "A delivery of a bulk purchase order's run was recorded, with each item's over or under against its tolerance.",
  'inventory.receipt.resolved': 'The broker accepted a receipt beyond its tolerance, or held its differences as a claim against the vendor.',
  'inventory.statement.sent': "A customer's stock statement for a period was e-mailed to them (published by svc-documents once the mail server took it).",
  'inventory.stock.low': "A customer's item fell to or below its reorder point (found by the alert pass, every ALERT_CHECK_MINUTES).",
  'inventory.alerts.digest': "The company's stock alerts new since its last digest, at most once a day; the gateway e-mails them to its owners and staff.",
};

/** Examples of `data`, checked against their schemas by the document's test. */
export const INVENTORY_EVENT_EXAMPLES: Partial<Record<InventoryEventType, unknown>> = {
  'inventory.item-level.changed': { itemQbId: '17', virtualInventory: 4200.5 },
  'inventory.pull-ticket.shipped': {
    pullTicketId: 4,
    ptNumber: 'PT-000004',
    salesOrderId: 3,
    soNumber: 'EST-1001-BL',
    status: 'shipped',
    customerName: 'Acme Print',
    customerEmail: 'buyer@acme.test',
    customerShippingAddress: '9 Dock Rd, Austin, TX 78701, US',
    vendorName: 'Pinnacle Press',
    vendorEmail: 'orders@pinnacle.test',
    bulkPoNumber: 'PO-7001-BL',
    bulkPoId: 12,
    shipByDate: '2026-12-01',
    shippedAt: '2026-11-30T15:04:05.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    items: [{ item_id: '7', item_name: 'Flyer', description: null, sku: 'FLY', qty: 500, unit_price: 0.5 }],
    releaseCharge: '25.00',
    programOverride: {
      reason: 'Customer needs a sample before the run',
      breaches: [{ rule: 'minimumRelease', message: 'Releasing 500 of Flyer is below the minimum release of 2,500 units on PO-7001-BL.' }],
    },
  },
  'inventory.catalog.changed': { entity: 'customer', count: 50 },
  'inventory.program.changed': {
    purchaseOrderId: 12,
    poNumber: 'PO-7001-BL',
    vendorName: 'Pinnacle Press',
    source: 'purchase-order',
    minReleaseQuantity: 500,
    releaseCharge: '25.00',
    freeStorageDays: 90,
    storageChargePerMonth: '1.50',
    storageChargeBasis: 'per1000',
    expiresOn: '2027-01-10',
    tolerancePercent: 10,
    plannedReleases: 6,
    notes: 'Release on 48 hours notice',
  },
  'inventory.receipt.recorded': {
    purchaseOrderId: 12,
    poNumber: 'PO-7001-BL',
    vendorName: 'Pinnacle Press',
    receiptId: 3,
    receivedOn: '2026-11-30',
    status: 'complete',
    tolerancePercent: 10,
    lines: [
      {
        itemId: '7',
        ordered: 10000,
        quantityReceived: 10450,
        received: 10450,
        difference: 450,
        withinTolerance: true,
        unitCost: 0.1,
        differenceAmount: '45.00',
      },
    ],
  },
  'inventory.statement.sent': {
    customerId: 12,
    customerName: 'Harbor Dental',
    from: '2026-10-01',
    to: '2026-10-31',
    emailLogId: '0b0e7a52-6f0c-4a55-9f0e-3c2d1a4b5e6f',
    toEmail: 'office@harbordental.test',
    subject: 'Stock statement for Harbor Dental: Oct 1, 2026 – Oct 31, 2026',
    sentAt: '2026-11-30T15:04:05.000Z',
    messageId: '<5f1c2d3e@broker.test>',
  },
};

const EXAMPLE_ENVELOPE = { id: '019a4e2c-7b1d-7c3e-9f10-2b8d4c6e8a01', tenantId: 'tenant-1', occurredAt: '2026-11-30T15:04:05.000Z', version: 1 };
/** The revision the examples are published with. */
const EXAMPLE_REVISION = 48213;

/** `inventory.purchase-order.changed` → `PurchaseOrderChanged`. */
const messageName = (type: string) =>
  type
    .split('.')
    .slice(1)
    .join('-')
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
const channelName = (type: string) => messageName(type).replace(/^./, (first) => first.toLowerCase());

/**
 * The AsyncAPI 3 document of svc-inventory's events, generated from the zod schemas they are
 * checked with, so it cannot drift from them (asyncapi.yaml is this, written by
 * `npm run asyncapi -w @printpool/contracts`; a test compares the two). A NATS message's body
 * is the whole envelope as JSON, the event's own fields under `data`; its `Nats-Msg-Id` header is
 * the envelope id (service-kit's natsBus.ts).
 */
/** What JetStream does with the channel's messages (libs/contracts streams.ts, service-kit streamRetention.ts). */
const JETSTREAM = {
  stream: 'INVENTORY',
  subjects: ['inventory.>'],
  retention: 'limits',
  maxAgeDays: 7,
  duplicateWindowSeconds: 120,
  storage: 'file',
  publishedBy: 'svc-inventory',
};

/** The NATS headers an event's message carries (service-kit natsHeaders.ts); the body alone is the event. */
const EVENT_HEADERS = {
  type: 'object',
  properties: {
    'Nats-Msg-Id': { type: 'string', description: 'the envelope id: JetStream drops a republished duplicate within its duplicate window' },
    traceparent: { type: 'string', description: 'W3C trace context of the work that caused the event, when it was traced' },
    tracestate: { type: 'string', description: 'W3C trace state, with traceparent' },
    'x-request-id': { type: 'string', description: 'the id of the HTTP request that caused the event, as its logs name it' },
    'x-printpool-user': {
      type: 'string',
      description:
        "the id of the company member whose request caused the event (an opaque PrintPool id, no e-mail or name); absent for QuickBooks' and PrintPool's own changes",
    },
  },
};

export function inventoryAsyncApi(): Record<string, unknown> {
  const registry = z.registry<{ id: string; description?: string }>();
  registry.add(EventEnvelopeSchema, { id: 'EventEnvelope', description: 'Every event on the wire: the NATS message body, as JSON.' });
  // The events' schemas and the ones they share (lines, ticket items, overrides), each a component of its own.
  // The events' data as published: with the revision the outbox relay adds (revision.ts).
  for (const schema of new Set(Object.values(INVENTORY_EVENT_SCHEMAS))) {
    registry.add(publishedDataSchema(schema), z.globalRegistry.get(schema) as { id: string; description?: string });
  }
  for (const schema of [SalesOrderChangedLineSchema, PullTicketItemSchema, PullTicketProgramOverrideSchema, ReorderEstimateSchema]) {
    registry.add(schema, z.globalRegistry.get(schema) as { id: string; description?: string });
  }
  const generated = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'output', unrepresentable: 'any' }).schemas;
  // Components of one document: each its plain schema, without a dialect or an id of its own.
  const schemas: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(generated).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema])),
    EventHeaders: EVENT_HEADERS,
  };

  const types = Object.values(INVENTORY_EVENTS);
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const type of types) {
    const name = messageName(type);
    const dataId = (z.globalRegistry.get(INVENTORY_EVENT_SCHEMAS[type]) as { id: string }).id;
    channels[channelName(type)] = {
      address: type,
      messages: { [channelName(type)]: { $ref: `#/components/messages/${name}` } },
      'x-jetstream': type === 'inventory.statement.sent' ? { ...JETSTREAM, publishedBy: 'svc-documents' } : JETSTREAM,
    };
    operations[`publish${name}`] = { action: 'send', channel: { $ref: `#/channels/${channelName(type)}` } };
    const example = INVENTORY_EVENT_EXAMPLES[type];
    messages[name] = {
      name: type,
      summary: SUMMARIES[type],
      headers: { $ref: '#/components/schemas/EventHeaders' },
      payload: {
        allOf: [{ $ref: '#/components/schemas/EventEnvelope' }],
        type: 'object',
        properties: { type: { const: type }, version: { const: 1 }, data: { $ref: `#/components/schemas/${dataId}` } },
      },
      ...(example === undefined ? {} : { examples: [{ payload: { ...EXAMPLE_ENVELOPE, type, data: withRevision(example, EXAMPLE_REVISION) } }] }),
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'PrintPool inventory events',
      version: '1.5.0',
      description: [
        'Events svc-inventory publishes on the INVENTORY JetStream stream (subjects `inventory.>`). Each is written to',
        "svc-inventory's outbox in the transaction that makes the change and published by its relay with JetStream",
        'msgID = event id, so a redelivery carries the same id: de-duplicate on it. `inventory.statement.sent` is',
        "svc-documents', written to its outbox with the log entry of the e-mail. The message body is the envelope",
        '{ id (uuid v7), type, tenantId, occurredAt, version, data } as JSON; `version` is the version of `data`',
        '(all 1: a breaking change publishes a new version, which consumers of version 1 set aside). Fields may be',
        'added to `data` within a version, and only with this document naming them (its minor version goes up): a',
        'subscriber that validates strictly (each schema forbids unnamed fields) updates its copy of the document first.',
        'Delivery: the INVENTORY stream keeps each event 7 days by default (EVENT_STREAM_MAX_AGE_MS), read or not:',
        'a durable consumer offline longer misses what aged out, and should resynchronise from the API. JetStream',
        'drops a republished event whose id it saw within its duplicate window (120 s); beyond it, de-duplicate on',
        "the envelope id. A company's events are published in the order of the producer's outbox (its commit",
        'order), companies taking turns, and the stream keeps that order; a redelivered event (one not acknowledged',
        'in time) can arrive after later ones.',
        "Every event's data carries its `revision`, larger for every later change of the same entity: apply an",
        "entity's event only when its revision is larger than the last you applied of it. The message headers",
        '(EventHeaders) carry the trace context and the id of the request that caused the event, and the member',
        'who made the change. Quantities are fractional, as in QuickBooks. Zod schemas:',
        'libs/contracts/src/events/inventory.ts. A subscriber that needs nothing of this repository:',
        'examples/inventory-subscriber.',
      ].join('\n'),
    },
    defaultContentType: 'application/json',
    servers: { nats: { host: '127.0.0.1:4222', protocol: 'nats', description: 'NATS JetStream (NATS_URL).' } },
    channels,
    operations,
    components: { schemas, messages },
  };
}
