// Publishes again the events consumers gave up on (the DEADLETTER stream on NATS_URL), once
// whatever made them fail is fixed: `npm run events:replay [-- <consumer>]`. Every consumer of
// the subject receives them; the ones that applied them already skip them by their inbox.
import { createLogger, createNatsBus } from '@printpool/service-kit';

const consumer = process.argv[2] || undefined;
const servers = process.env.NATS_URL;
if (!servers) {
  process.stderr.write('NATS_URL is not set: dead letters are kept on JetStream (the all-in-one mode keeps none across restarts)\n');
  process.exit(2);
}
const bus = await createNatsBus({ servers, name: 'printpool-replay', logger: createLogger('replay', process.env.LOG_LEVEL ?? 'warn') });
try {
  const waiting = await bus.deadLetters(consumer);
  for (const letter of waiting)
    process.stdout.write(`${letter.failedAt} ${letter.consumer} ${letter.event.type} ${letter.event.id} (${letter.attempts} attempts): ${letter.error}\n`);
  const replayed = await bus.replayDeadLetters(consumer);
  process.stdout.write(`replayed ${replayed} dead letter${replayed === 1 ? '' : 's'}${consumer ? ` of ${consumer}` : ''}\n`);
} finally {
  await bus.close();
}
