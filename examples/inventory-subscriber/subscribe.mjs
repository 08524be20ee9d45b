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
    console.log(`${event.type} tenant=${event.tenantId} ${JSON.stringify(event.data)}`);
  }
  message.ack();
}
await nc.drain();
