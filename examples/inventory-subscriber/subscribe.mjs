// Follows PrintPool's inventory events (libs/contracts/asyncapi.yaml in the PrintPool repository)
// with the NATS client alone. Run: NATS_URL=nats://127.0.0.1:4222 node subscribe.mjs
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
// Durable: a restarted subscriber resumes where it stopped. Name it after your system.
const durable = process.env.CONSUMER ?? 'example-inventory-subscriber';
const SUPPORTED_VERSION = 1;

const nc = await connect({ servers, name: durable });
const jsm = await jetstreamManager(nc);
try {
  await jsm.consumers.info('INVENTORY', durable);
} catch {
  // New consumers start with what is published from now on; DeliverPolicy.All replays the stream's history.
  await jsm.consumers.add('INVENTORY', {
    durable_name: durable,
    filter_subject: 'inventory.>',
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
  });
}
const messages = await (await jetstream(nc).consumers.get('INVENTORY', durable)).consume();

// Delivery is at least once: the same event (same id) may come again. Keep the ids you applied
// where you keep what you did with the event, in the same transaction; memory does for a demo.
const applied = new Set();
// An entity's events can arrive out of order (a redelivery after later ones): keep the last
// revision applied of each, and pass over an event older than it.
const lastRevision = new Map();
// The field naming the entity an event is about, first match wins (a pull ticket's events name its order too).
const ENTITY_FIELDS = ['pullTicketId', 'receiptId', 'salesOrderId', 'purchaseOrderId', 'itemQbId', 'customerId'];
function entityOf(event) {
  const field = ENTITY_FIELDS.find((name) => event.data?.[name] != null);
  // inventory.pull-ticket.shipped → pull-ticket: one entity whatever happened to it.
  return field === undefined ? undefined : `${event.tenantId}/${event.type.split('.')[1]}/${event.data[field]}`;
}
process.once('SIGINT', () => void messages.close());
process.once('SIGTERM', () => void messages.close());
console.log(`following inventory events on ${servers} as ${durable}`);

for await (const message of messages) {
  // The body is the whole envelope: { id, type, tenantId, occurredAt, version, data }.
  const event = message.json();
  if (event.version !== SUPPORTED_VERSION) {
    // A new version means a breaking change to `data`: set it aside (here: say so) rather than misread it.
    console.log(`set aside ${event.type} ${event.id}: version ${event.version}, this subscriber reads ${SUPPORTED_VERSION}`);
  } else if (!applied.has(event.id)) {
    applied.add(event.id);
    const entity = entityOf(event);
    const last = entity === undefined ? undefined : lastRevision.get(entity);
    if (last !== undefined && event.data.revision <= last) {
      console.log(`passed over ${event.type} ${event.id}: revision ${event.data.revision}, ${entity} is at ${last}`);
    } else {
      if (entity !== undefined) lastRevision.set(entity, event.data.revision);
      console.log(`${event.type} tenant=${event.tenantId} ${JSON.stringify(event.data)}`);
    }
  }
  message.ack();
}
await nc.drain();
