import { describe, expect, it } from '@jest/globals';
import { ChangesFirst } from '../src/sync/changesFirst.js';

/** The order in which a full sync's next page and webhook changes get their turn (listing.ts, service.ts). */
describe('a full sync beside webhook changes', () => {
  it('starts its next page only once the change in hand is applied', async () => {
    const turns = new ChangesFirst(60_000);
    const order: string[] = [];
    let finishChange!: () => void;
    const change = turns.applying(
      () =>
        new Promise<void>((resolve) => {
          finishChange = () => {
            order.push('change applied');
            resolve();
          };
        }),
    );
    const page = turns.importTurn().then(() => order.push('page started'));
    await Promise.resolve();
    order.push('change still in hand');
    finishChange();
    await Promise.all([change, page]);
    expect(order).toEqual(['change still in hand', 'change applied', 'page started']);
  });

  it('starts a page at once when no change is in hand, and after a failed change', async () => {
    const turns = new ChangesFirst(60_000);
    await turns.importTurn();
    await expect(turns.applying(() => Promise.reject(new Error('QuickBooks refused')))).rejects.toThrow('QuickBooks refused');
    await turns.importTurn();
  });

  it('keeps the import moving when changes never stop: a page waits at most its bound', async () => {
    const turns = new ChangesFirst(50);
    let stop!: () => void;
    const endless = turns.applying(() => new Promise<void>((resolve) => (stop = resolve)));
    await turns.importTurn();
    stop();
    await endless;
  });
});
