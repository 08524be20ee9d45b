// Publishes again the events consumers gave up on (the DEADLETTER stream on NATS_URL), once
// whatever made them fail is fixed: `npm run events:replay [-- <consumer>]`
// (libs/service-kit/src/events/replayCommand.ts).
import { createLogger, replayDeadLettersCommand } from '@printpool/service-kit';

const servers = process.env.NATS_URL;
if (!servers) {
  process.stderr.write('NATS_URL is not set: dead letters are kept on JetStream (the all-in-one mode keeps none across restarts)\n');
  process.exit(2);
}
await replayDeadLettersCommand({
  servers,
  consumer: process.argv[2] || undefined,
  logger: createLogger('replay', process.env.LOG_LEVEL ?? 'warn'),
  write: (line) => process.stdout.write(`${line}\n`),
});
