import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { EventEnvelope } from '../src/events/bus.js';
import { createNatsBus } from '../src/events/natsBus.js';
import { replayDeadLettersCommand } from '../src/events/replayCommand.js';
import { createLogger } from '../src/logger.js';
import { startNatsServer, waitFor, type NatsServerHandle } from '../src/testing/index.js';

// A server of this file's own: the command replays every dead letter of the consumer it names.
let server: NatsServerHandle;
const logger = createLogger('replay-test', 'silent');

beforeAll(async () => {
  server = await startNatsServer();
});

afterAll(async () => {
  await server.dispose();
});

describe('npm run events:replay', () => {
  it("names each dead letter of the consumer and why, then delivers it again to that consumer's handler", async () => {
    const bus = await createNatsBus({ servers: server.url, name: 'replay-test', logger, maxAttempts: 2, retryDelayMs: 20 });
    let broken = true;
    const applied: string[] = [];
    await bus.subscribe({
      consumer: 'pool',
      subjects: ['inventory.item.changed'],
      handler: async (event) => {
        if (broken) throw new Error('item not found');
        applied.push(event.id);
      },
    });
    try {
      const event: EventEnvelope = createEvent('inventory.item.changed', 'tenant-1', { itemId: '7' });
      await bus.publish(event);
      await waitFor(async () => expect(await bus.deadLetters('pool')).toHaveLength(1));

      broken = false;
      const lines: string[] = [];
      const replayed = await replayDeadLettersCommand({ servers: server.url, consumer: 'pool', logger, write: (line) => lines.push(line) });
      expect(replayed).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(` pool inventory.item.changed ${event.id} \\(2 attempts\\): item not found$`)),
        'replayed 1 dead letter of pool',
      ]);
      await waitFor(() => expect(applied).toEqual([event.id]));
      expect(await bus.deadLetters()).toEqual([]);
    } finally {
      await bus.close();
    }
  });

  it('says so when there is nothing to replay', async () => {
    const lines: string[] = [];
    expect(await replayDeadLettersCommand({ servers: server.url, logger, write: (line) => lines.push(line) })).toBe(0);
    expect(lines).toEqual(['replayed 0 dead letters']);
  });
});
