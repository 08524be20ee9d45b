import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { createEvent } from '@printpool/contracts';
import request from 'supertest';
import type { Database } from '../src/db/database.js';
import type { EventBus } from '../src/events/bus.js';
import {
  outboxMigrations,
  recordEvent,
  recordEvents,
  recordEventsStep,
  recordEventsStepValues,
  startOutboxRelay,
  type OutboxRelay,
} from '../src/events/outbox.js';
import { createRouter, createServiceApp } from '../src/http/app.js';
import { signInternalToken, INTERNAL_TOKEN_HEADER } from '../src/index.js';
import { createLogger } from '../src/logger.js';
import { startTelemetry } from '../src/telemetry/tracing.js';
import { createTestBus, createTestDatabase, waitFor } from '../src/testing/index.js';

const exporter = new InMemorySpanExporter();
const telemetry = startTelemetry({ serviceName: 'event-tracing-test', exporter });
const secret = 'event-tracing-secret-with-entropy';
const run = randomBytes(4).toString('hex');
const subject = `inventory.t${run}.changed`;

const consumerLines: Record<string, unknown>[] = [];
const consumerLogger = createLogger(
  'consumer',
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) consumerLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

let db: Database;
let bus: EventBus;
let relay: OutboxRelay;
const handled: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase(outboxMigrations);
  bus = await createTestBus();
  await bus.subscribe({
    consumer: `traced-${run}`,
    subjects: [subject],
    handler: async (event) => {
      consumerLogger.info({ purchaseOrderId: (event.data as { id: number }).id }, 'applying the change');
      handled.push(event.id);
    },
  });
  relay = startOutboxRelay({ db, bus, logger: createLogger('relay', 'silent'), intervalMs: 50 });
});
afterAll(async () => {
  await relay.stop();
  await bus.close();
  await db.close();
  await telemetry.shutdown();
});

/** A service whose route changes state and records two events in one transaction, as svc-inventory's do. */
function service() {
  const routes = createRouter('/api');
  routes.post('/things/:id/status', async (ctx) => {
    const { tenantId } = ctx.state.caller;
    await db.knex.transaction((trx) =>
      recordEvents(trx, [createEvent(subject, tenantId, { id: Number(ctx.params.id) }), createEvent(subject, tenantId, { id: Number(ctx.params.id) + 1 })]),
    );
    void relay.publishNow();
    ctx.body = { ok: true };
  });
  routes.post('/things/:id/count', async (ctx) => {
    const event = createEvent(subject, ctx.state.caller.tenantId, { id: 0 });
    await db.knex.raw(`WITH events AS (${recordEventsStep(`SELECT :eventId::uuid, jsonb_build_object('id', :id::int)`)}) SELECT 1`, {
      eventId: event.id,
      id: Number(ctx.params.id),
      ...recordEventsStepValues([event]),
    });
    void relay.publishNow();
    ctx.body = { id: event.id };
  });
  return createServiceApp({ name: 'svc-things', logger: createLogger('svc-things', 'silent'), routers: [routes], internalTokenSecret: secret }).callback();
}

const byId = (spans: ReadableSpan[], id: string) => spans.find((span) => span.spanContext().spanId === id);

describe('an event recorded while a request is handled', () => {
  it('continues the request’s trace through the outbox and the broker into its consumer', async () => {
    const token = await signInternalToken({ tenantId: 'tenant-ev', userId: 'user-ev', role: 'staff' }, secret);
    await request(service()).post('/api/things/41/status').set(INTERNAL_TOKEN_HEADER, token).set('x-request-id', 'req-event-1').send({}).expect(200);

    // Both events of the transaction keep the request's trace and id, written once for the statement.
    const rows: { headers: Record<string, string> }[] = await db.knex('outbox').orderBy('seq').select('headers');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.headers).toEqual({
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
      'x-request-id': 'req-event-1',
      'x-printpool-user': 'user-ev',
    });
    expect(rows[1]!.headers).toEqual(rows[0]!.headers);

    await waitFor(() => expect(handled).toHaveLength(2));
    await telemetry.flush();
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/things/:id/status')!;
    const consumers = spans.filter((s) => s.kind === SpanKind.CONSUMER && s.name === `process ${subject}`);
    expect(consumers).toHaveLength(2);
    for (const consumer of consumers) {
      const producer = byId(spans, consumer.parentSpanContext!.spanId)!;
      expect(producer).toMatchObject({ kind: SpanKind.PRODUCER, name: `publish ${subject}` });
      expect(producer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
      expect(consumer.spanContext().traceId).toBe(server.spanContext().traceId);
      expect(consumer.attributes).toMatchObject({
        'messaging.consumer.group.name': expect.stringMatching(`^traced-${run}`),
        'printpool.tenant_id': 'tenant-ev',
      });
    }
  });

  it('puts the request id, tenant, user, consumer and event on the lines its consumer logs', () => {
    const lines = consumerLines.filter((line) => line.msg === 'applying the change');
    expect(lines).toHaveLength(2);
    for (const [i, line] of lines.entries()) {
      expect(line).toMatchObject({
        requestId: 'req-event-1',
        tenantId: 'tenant-ev',
        userId: 'user-ev',
        consumer: expect.stringMatching(`^traced-${run}`),
        eventId: handled[i],
        purchaseOrderId: 41 + i,
      });
    }
  });

  it('records no headers for an event recorded outside any request, and its consumer starts a trace of its own', async () => {
    const lone = createEvent(subject, 'tenant-ev', { id: 99 });
    await db.knex.transaction((trx) => recordEvent(trx, lone));
    void relay.publishNow();
    expect((await db.knex('outbox').where({ id: lone.id }).first()).headers).toBeNull();
    await waitFor(() => expect(handled).toContain(lone.id));
    await telemetry.flush();
    const line = consumerLines.find((l) => l.eventId === lone.id);
    expect(line).toMatchObject({ tenantId: 'tenant-ev', consumer: expect.stringMatching(`^traced-${run}`) });
    expect(line).not.toHaveProperty('requestId');
    expect(line).not.toHaveProperty('userId');
    const spans = exporter.getFinishedSpans();
    const consumer = spans.find((s) => s.kind === SpanKind.CONSUMER && s.attributes['messaging.message.id'] === lone.id)!;
    const producer = byId(spans, consumer.parentSpanContext!.spanId)!;
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(producer.parentSpanContext).toBeUndefined();
  });

  it('keeps the request’s trace and id on an event a statement records itself', async () => {
    const token = await signInternalToken({ tenantId: 'tenant-ev', userId: 'user-ev', role: 'staff' }, secret);
    const res = await request(service()).post('/api/things/7/count').set(INTERNAL_TOKEN_HEADER, token).set('x-request-id', 'req-event-2').send({}).expect(200);
    const row = await db.knex('outbox').where({ id: res.body.id }).first();
    expect(JSON.parse(row.data)).toEqual({ id: 7 });
    expect(row.headers).toEqual({
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
      'x-request-id': 'req-event-2',
      'x-printpool-user': 'user-ev',
    });
    await waitFor(() => expect(consumerLines).toContainEqual(expect.objectContaining({ eventId: res.body.id, requestId: 'req-event-2' })));
  });
});
