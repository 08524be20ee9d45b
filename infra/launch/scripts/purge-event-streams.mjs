// Empties PrintPool's JetStream streams on NATS_URL, so that a test or e2e run on a shared
// server starts from an empty event log instead of replaying every earlier run's events.
// Never point this at a production server.
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

const STREAMS = ['ACCOUNTING', 'INVENTORY', 'DOCUMENTS', 'IDENTITY', 'DEADLETTER'];
const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
try {
  const jsm = await jetstreamManager(nc);
  for (const name of STREAMS) {
    try {
      const { purged } = await jsm.streams.purge(name);
      process.stdout.write(`purged ${purged} events from ${name}\n`);
    } catch (error) {
      if (!/stream not found/i.test(String(error))) throw error;
    }
  }
} finally {
  await nc.close();
}
