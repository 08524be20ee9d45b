import { setTimeout as sleep } from 'node:timers/promises';
import type { Broker } from './broker.js';

/**
 * The bench's looking, alone: `pollers` loops reading one sales order as the change stream
 * looks for a change (changeStream.ts), one read every `pollMs` each, for `seconds`. Answers how
 * many reads were made, so their CPU can be told apart from the changes' own.
 */
export async function pollsAlone(broker: Broker, orderId: number, pollers: number, pollMs: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let polls = 0;
  await Promise.all(
    Array.from({ length: pollers }, async () => {
      while (Date.now() < until) {
        polls++;
        await broker.send('get /api/sales-orders/:id', { params: { id: orderId } });
        await sleep(pollMs);
      }
    }),
  );
  return polls;
}
