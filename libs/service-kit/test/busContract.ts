import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { eventMetrics } from '../src/events/deadLetter.js';
import type { RetryPolicy } from '../src/events/retry.js';
import { waitFor } from '../src/testing/waitFor.js';

export type EventBusFactory = (policy: RetryPolicy) => Promise<EventBus>;

/** Long enough for an event that should not arrive to have arrived. */
const SETTLE_MS = 300;

const POLICY: RetryPolicy = { maxAttempts: 3, retryDelayMs: 50 };

/** `events_dead_lettered_total` for one event type, over every consumer, as /metrics serves it. */
async function deadLettersCounted(type: string): Promise<number> {
  const metric = await eventMetrics.getSingleMetric('events_dead_lettered_total')!.get();
  return metric.values.filter((value) => value.labels.type === type).reduce((sum, value) => sum + value.value, 0);
}

function collector() {
  const events: EventEnvelope[] = [];
  return { events, handler: async (event: EventEnvelope) => void events.push(event) };
}

/**
 * What every EventBus promises the services. Each test reads subjects of its own (an entity
 * token unique to the run and test), so the suite can run against a shared server.
 */
export function describeEventBusContract(name: string, factory: EventBusFactory): void {
  describe(`${name} honours the EventBus contract`, () => {
    const run = randomBytes(4).toString('hex');
    let seq = 0;
    let buses: EventBus[] = [];

    afterEach(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
      buses = [];
    });

    async function setup(policy = POLICY) {
      const bus = await factory(policy);
      buses.push(bus);
      const entity = `t${run}${++seq}`;
      const subject = (verb: string) => `inventory.${entity}.${verb}`;
      const consumer = (label: string) => `c${run}-${seq}-${label}`;
      const event = (verb = 'changed', data: unknown = {}): EventEnvelope => ({
        ...createEvent('inventory.item.changed', 'tenant-1', data),
        type: subject(verb),
      });
      return { bus, subject, consumer, event };
    }

    it('delivers a published event, unchanged, to subscribers of its subject only', async () => {
      const { bus, subject, consumer, event } = await setup();
      const created = collector();
      await bus.subscribe({ consumer: consumer('a'), subjects: [subject('created')], handler: created.handler });
      const other = event('deleted');
      const wanted = event('created', { itemId: 'i-1', qty: 250, tags: ['bulk'] });
      await bus.publish(other);
      await bus.publish(wanted);
      await waitFor(() => expect(created.events).toEqual([wanted]));
    });

    it('keeps what one consumer does to its event from every other consumer', async () => {
      const { bus, subject, consumer, event } = await setup();
      const later = collector();
      await bus.subscribe({
        consumer: consumer('meddler'),
        subjects: [subject('changed')],
        handler: async (received) => {
          try {
            (received.data as { qty: number }).qty = 0;
          } catch {
            // A bus may refuse the change outright.
          }
        },
      });
      const published = event('changed', { itemId: 'i-1', qty: 250 });
      await bus.publish(published);
      await sleep(SETTLE_MS);
      await bus.subscribe({ consumer: consumer('later'), subjects: [subject('changed')], handler: later.handler });
      await waitFor(() => expect(later.events).toEqual([{ ...published, data: { itemId: 'i-1', qty: 250 } }]));
    });

    it("matches '*' to exactly one token and '>' to one or more", async () => {
      const { bus, subject, consumer, event } = await setup();
      const star = collector();
      const rest = collector();
      await bus.subscribe({ consumer: consumer('star'), subjects: [subject('*')], handler: star.handler });
      await bus.subscribe({ consumer: consumer('rest'), subjects: [subject('>')], handler: rest.handler });
      const deep = event('created.extra');
      const created = event('created');
      const deleted = event('deleted');
      for (const e of [deep, created, deleted]) await bus.publish(e);
      await waitFor(() => expect(rest.events.map((e) => e.id)).toEqual([deep.id, created.id, deleted.id]));
      await waitFor(() => expect(star.events.map((e) => e.id)).toEqual([created.id, deleted.id]));
    });

    it('delivers every event to each consumer name', async () => {
      const { bus, subject, consumer, event } = await setup();
      const a = collector();
      const b = collector();
      await bus.subscribe({ consumer: consumer('a'), subjects: [subject('changed')], handler: a.handler });
      await bus.subscribe({ consumer: consumer('b'), subjects: [subject('changed')], handler: b.handler });
      const published = [event(), event(), event()];
      for (const e of published) await bus.publish(e);
      const ids = published.map((e) => e.id);
      await waitFor(() => expect(a.events.map((e) => e.id)).toEqual(ids));
      await waitFor(() => expect(b.events.map((e) => e.id)).toEqual(ids));
    });

    it('hands each event to one subscription of a shared consumer name, once', async () => {
      const { bus, subject, consumer, event } = await setup();
      const first = collector();
      const second = collector();
      await bus.subscribe({ consumer: consumer('shared'), subjects: [subject('changed')], handler: first.handler });
      await bus.subscribe({ consumer: consumer('shared'), subjects: [subject('changed')], handler: second.handler });
      const published = Array.from({ length: 10 }, () => event());
      for (const e of published) await bus.publish(e);
      const received = () => [...first.events, ...second.events].map((e) => e.id).sort();
      await waitFor(() => expect(received()).toEqual(published.map((e) => e.id).sort()));
      await sleep(SETTLE_MS);
      expect(received()).toHaveLength(10);
    });

    it('delivers an event again after its handler throws', async () => {
      const { bus, subject, consumer, event } = await setup();
      const calls: string[] = [];
      const applied = collector();
      await bus.subscribe({
        consumer: consumer('flaky'),
        subjects: [subject('changed')],
        handler: async (e) => {
          calls.push(e.id);
          if (calls.length === 1) throw new Error('database briefly unavailable');
          await applied.handler(e);
        },
      });
      const published = event();
      await bus.publish(published);
      await waitFor(() => expect(applied.events).toEqual([published]));
      await sleep(SETTLE_MS);
      expect(calls).toEqual([published.id, published.id]);
    });

    it('keeps an event as a dead letter after the configured attempts, and delivers it again on replay', async () => {
      const { bus, subject, consumer, event } = await setup();
      let calls = 0;
      let broken = true;
      const after = collector();
      const name = consumer('broken');
      await bus.subscribe({
        consumer: name,
        subjects: [subject('changed')],
        handler: async (e) => {
          if (e.id === poison.id) {
            calls++;
            if (broken) throw new Error('cannot apply');
          }
          await after.handler(e);
        },
      });
      const poison = event();
      const next = event();
      await bus.publish(poison);
      await bus.publish(next);
      await waitFor(async () =>
        expect(await bus.deadLetters(name)).toEqual([
          expect.objectContaining({ consumer: name, event: poison, error: 'cannot apply', attempts: POLICY.maxAttempts }),
        ]),
      );
      await sleep(SETTLE_MS);
      expect(calls).toBe(POLICY.maxAttempts);
      expect(after.events).toEqual([next]);
      expect(await deadLettersCounted(poison.type)).toBe(1);

      broken = false;
      expect(await bus.replayDeadLetters(name)).toBe(1);
      await waitFor(() => expect(after.events).toEqual([next, poison]));
      expect(await bus.deadLetters(name)).toEqual([]);
      expect(await deadLettersCounted(poison.type)).toBe(1);
    });

    it('sets aside at once, as a dead letter, an event of a data version newer than the consumer reads', async () => {
      const { bus, subject, consumer, event } = await setup();
      const readsTwo = collector();
      const readsOne = collector();
      await bus.subscribe({ consumer: consumer('v1'), subjects: [subject('changed')], handler: readsOne.handler });
      await bus.subscribe({ consumer: consumer('v2'), subjects: [subject('changed')], handler: readsTwo.handler, readsVersion: 2 });
      const newer = { ...event(), version: 2 };
      const current = event();
      await bus.publish(newer);
      await bus.publish(current);
      await waitFor(() => expect(readsTwo.events).toEqual([newer, current]));
      await waitFor(async () =>
        expect(await bus.deadLetters(consumer('v1'))).toEqual([
          expect.objectContaining({ event: newer, attempts: 1, error: `${newer.type} data version 2: this consumer reads up to version 1` }),
        ]),
      );
      expect(readsOne.events).toEqual([current]);
    });

    it('delivers an event again for as long as the database is away, without counting it against the event', async () => {
      const { bus, subject, consumer, event } = await setup();
      let outage = POLICY.maxAttempts + 2;
      const applied = collector();
      const name = consumer('outage');
      await bus.subscribe({
        consumer: name,
        subjects: [subject('changed')],
        handler: async (e) => {
          if (outage-- > 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          await applied.handler(e);
        },
      });
      const published = event();
      await bus.publish(published);
      await waitFor(() => expect(applied.events).toEqual([published]), { timeoutMs: 15_000 });
      expect(await bus.deadLetters(name)).toEqual([]);
    });

    it('keeps publish order per subject', async () => {
      const { bus, subject, consumer, event } = await setup();
      const received = collector();
      await bus.subscribe({ consumer: consumer('ordered'), subjects: [subject('changed')], handler: received.handler });
      const published = Array.from({ length: 30 }, (_, n) => event('changed', { n }));
      for (const e of published) await bus.publish(e);
      await waitFor(() => expect(received.events.map((e) => e.data)).toEqual(published.map((e) => e.data)));
    });

    it('hands a handler up to maxInFlight events, in publish order, before the first finishes', async () => {
      const { bus, subject, consumer, event } = await setup();
      const received: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await bus.subscribe({
        consumer: consumer('window'),
        subjects: [subject('changed')],
        maxInFlight: 3,
        handler: async (e) => {
          received.push(e.id);
          await released;
        },
      });
      const published = Array.from({ length: 5 }, () => event());
      for (const e of published) await bus.publish(e);
      const ids = published.map((e) => e.id);
      await waitFor(() => expect(received).toEqual(ids.slice(0, 3)));
      await sleep(SETTLE_MS);
      expect(received).toEqual(ids.slice(0, 3));
      release();
      await waitFor(() => expect(received).toEqual(ids));
    });

    it('delivers a failed event again while later events in flight go on', async () => {
      const { bus, subject, consumer, event } = await setup();
      const received: string[] = [];
      const applied: string[] = [];
      const flaky = event();
      const later = [event(), event()];
      let flakyCalls = 0;
      await bus.subscribe({
        consumer: consumer('flaky-window'),
        subjects: [subject('changed')],
        maxInFlight: 3,
        handler: async (e) => {
          received.push(e.id);
          if (e.id === flaky.id && ++flakyCalls === 1) {
            // Fails only once the later events are in hand, so they were handed over before it finished.
            await waitFor(() => expect(received).toHaveLength(3));
            throw new Error('database briefly unavailable');
          }
          applied.push(e.id);
        },
      });
      for (const e of [flaky, ...later]) await bus.publish(e);
      await waitFor(() => expect(applied).toEqual([...later.map((e) => e.id), flaky.id]));
      await sleep(SETTLE_MS);
      expect(received).toEqual([flaky.id, ...later.map((e) => e.id), flaky.id]);
    });

    it('lets a stopping subscription finish every event in hand', async () => {
      const { bus, subject, consumer, event } = await setup();
      let started = 0;
      let finished = 0;
      const subscription = await bus.subscribe({
        consumer: consumer('slow-window'),
        subjects: [subject('changed')],
        maxInFlight: 2,
        handler: async () => {
          started++;
          await sleep(200);
          finished++;
        },
      });
      for (let n = 0; n < 2; n++) await bus.publish(event());
      await waitFor(() => expect(started).toBe(2));
      await subscription.stop();
      expect(finished).toBe(2);
    });

    it('gives every eachProcess subscription of a name every event published after it subscribed', async () => {
      const { bus, subject, consumer, event } = await setup();
      const before = event();
      await bus.publish(before);
      const first = collector();
      const second = collector();
      await bus.subscribe({ consumer: consumer('live'), subjects: [subject('changed')], handler: first.handler, eachProcess: true });
      const stopped = await bus.subscribe({ consumer: consumer('live'), subjects: [subject('changed')], handler: second.handler, eachProcess: true });
      const published = Array.from({ length: 10 }, () => event());
      for (const e of published) await bus.publish(e);
      await waitFor(() => expect(first.events).toEqual(published));
      await waitFor(() => expect(second.events).toEqual(published));
      // A stopped one is gone: it does not take events from the one still listening.
      await stopped.stop();
      const after = event();
      await bus.publish(after);
      await waitFor(() => expect(first.events).toEqual([...published, after]));
      await sleep(SETTLE_MS);
      expect(second.events).toEqual(published);
    });

    it('delivers events published before the consumer first subscribed', async () => {
      const { bus, subject, consumer, event } = await setup();
      const published = [event(), event()];
      for (const e of published) await bus.publish(e);
      const late = collector();
      await bus.subscribe({ consumer: consumer('late'), subjects: [subject('changed')], handler: late.handler });
      await waitFor(() => expect(late.events).toEqual(published));
    });

    it('resumes a consumer where it stopped', async () => {
      const { bus, subject, consumer, event } = await setup();
      const received = collector();
      const options = { consumer: consumer('resume'), subjects: [subject('changed')], handler: received.handler };
      const before = event();
      const subscription = await bus.subscribe(options);
      await bus.publish(before);
      await waitFor(() => expect(received.events).toEqual([before]));
      await subscription.stop();

      const whileStopped = event();
      await bus.publish(whileStopped);
      await sleep(SETTLE_MS);
      expect(received.events).toEqual([before]);

      await bus.subscribe(options);
      await waitFor(() => expect(received.events).toEqual([before, whileStopped]));
      await sleep(SETTLE_MS);
      expect(received.events).toHaveLength(2);
    });

    it('continues a renamed consumer where its former name stopped, for each subject it had', async () => {
      const { bus, subject, consumer, event } = await setup();
      const former = collector();
      const stopped = await bus.subscribe({ consumer: consumer('former'), subjects: [subject('changed')], handler: former.handler });
      const applied = event();
      await bus.publish(applied);
      await waitFor(() => expect(former.events).toEqual([applied]));
      // Acknowledgements travel on their own; one still under way at a rename comes again (formerly).
      await sleep(SETTLE_MS);
      await stopped.stop();

      const waiting = event();
      const other = event('removed');
      await bus.publish(waiting);
      await bus.publish(other);
      const merged = collector();
      await bus.subscribe({
        consumer: consumer('merged'),
        formerly: [consumer('former')],
        subjects: [subject('changed'), subject('removed')],
        handler: merged.handler,
      });
      // What the former applied is not handed over again; a subject it never had starts at the beginning.
      await waitFor(() => expect(new Set(merged.events)).toEqual(new Set([waiting, other])));
      await sleep(SETTLE_MS);
      expect(merged.events).toHaveLength(2);

      // The former durable is gone: subscribing under the former name again starts it afresh.
      const again = collector();
      await bus.subscribe({ consumer: consumer('former'), subjects: [subject('changed')], handler: again.handler });
      await waitFor(() => expect(again.events).toEqual([applied, waiting]));
    });

    it('lets a stopping subscription finish the event in hand', async () => {
      const { bus, subject, consumer, event } = await setup();
      let finished = false;
      let started = false;
      const subscription = await bus.subscribe({
        consumer: consumer('slow'),
        subjects: [subject('changed')],
        handler: async () => {
          started = true;
          await sleep(200);
          finished = true;
        },
      });
      await bus.publish(event());
      await waitFor(() => expect(started).toBe(true));
      await subscription.stop();
      expect(finished).toBe(true);
    });

    it('refuses subjects, names and limits a JetStream deployment could not serve', async () => {
      const { bus, subject, consumer, event } = await setup();
      const handler = async () => undefined;
      await expect(bus.subscribe({ consumer: consumer('x'), subjects: ['>'], handler })).rejects.toThrow(/known domain/);
      await expect(bus.subscribe({ consumer: consumer('x'), subjects: ['*.item.changed'], handler })).rejects.toThrow(/known domain/);
      await expect(bus.subscribe({ consumer: consumer('x'), subjects: ['billing.invoice.created'], handler })).rejects.toThrow(/known domain/);
      await expect(bus.subscribe({ consumer: consumer('x'), subjects: ['inventory.>.changed'], handler })).rejects.toThrow(/known domain/);
      await expect(bus.subscribe({ consumer: 'inventory.sync', subjects: ['inventory.>'], handler })).rejects.toThrow(/consumer name/);
      await expect(bus.subscribe({ consumer: consumer('x'), subjects: [], handler })).rejects.toThrow(/no subject/);
      await expect(bus.subscribe({ consumer: consumer('x'), subjects: [subject('changed')], handler, maxInFlight: 0 })).rejects.toThrow(/maxInFlight/);
      await expect(bus.publish({ ...event(), type: 'inventory.item.*' })).rejects.toThrow(/Cannot publish/);
      await expect(bus.publish({ ...event(), type: 'billing.invoice.created' })).rejects.toThrow(/Cannot publish/);
    });
  });
}
