import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EventEnvelope } from '@printpool/contracts';
import { runInLogScope } from './logScope.js';
import { contextFromHeaders, eventHeaders, requestIdFromHeaders, userIdFromHeaders, type HeaderCarrier } from './propagation.js';
import { tracer } from './tracing.js';

/**
 * What the outbox keeps beside the events a transaction records: the headers they are to be
 * published with (the trace context, request id and user of the work that recorded them), or
 * null outside any request or span.
 */
export function headersToRecord(): Record<string, string> | null {
  const headers = eventHeaders();
  return Object.keys(headers).length > 0 ? headers : null;
}

/**
 * Runs `work` outside whatever request started it: no request's log fields and no trace. The
 * outbox relay's pass, nudged by one request's commit, publishes other requests' events too.
 */
export function detachedFromRequest<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, () => runInLogScope({}, work));
}

/**
 * Publishes one recorded event in a producer span, the child of the span it was recorded in
 * (`recorded`, from the outbox), with that request's id in scope: the bus puts both in the
 * message's headers (natsBus.ts, inProcessBus.ts).
 */
export function publishInRecordedContext<T>(event: EventEnvelope, recorded: HeaderCarrier | null, publish: () => Promise<T>): Promise<T> {
  const parent = recorded ? contextFromHeaders(recorded) : ROOT_CONTEXT;
  const span = tracer().startSpan(
    `publish ${event.type}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.operation.type': 'send',
        'messaging.destination.name': event.type,
        'messaging.message.id': event.id,
        'printpool.tenant_id': event.tenantId,
      },
    },
    parent,
  );
  const scope = recorded ? { requestId: requestIdFromHeaders(recorded), userId: userIdFromHeaders(recorded) } : {};
  return runInLogScope({ ...scope, tenantId: event.tenantId }, () =>
    context.with(trace.setSpan(parent, span), async () => {
      try {
        return await publish();
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
        throw err;
      } finally {
        span.end();
      }
    }),
  );
}

export interface Delivery {
  consumer: string;
  event: EventEnvelope;
  /** The message's headers as published (eventHeaders of the publisher). */
  headers: HeaderCarrier;
  attempts: number;
}

/**
 * Hands one delivered event to its handler in a consumer span that continues the publisher's
 * trace, with the request id, tenant, user, consumer and event id on every log line the handler
 * writes.
 */
export function consumeInPublishedContext(delivery: Delivery, handle: () => Promise<void>): Promise<void> {
  const { consumer, event, headers, attempts } = delivery;
  const parent = contextFromHeaders(headers);
  const span = tracer().startSpan(
    `process ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': event.type,
        'messaging.consumer.group.name': consumer,
        'messaging.message.id': event.id,
        'messaging.message.delivery_count': attempts,
        'printpool.tenant_id': event.tenantId,
      },
    },
    parent,
  );
  const scope = { requestId: requestIdFromHeaders(headers), tenantId: event.tenantId, userId: userIdFromHeaders(headers), consumer, eventId: event.id };
  return runInLogScope(scope, () =>
    context.with(trace.setSpan(parent, span), async () => {
      try {
        await handle();
      } catch (err) {
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
        throw err;
      } finally {
        span.end();
      }
    }),
  );
}
