import { context, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { tracer } from './tracing.js';

/**
 * Runs a piece of work of its own (a sync run, a batch job) in a span under the work in hand, so
 * what it calls and the events it records show beneath it. A throw marks the span failed.
 */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  const span = tracer().startSpan(name, { attributes });
  try {
    return await context.with(trace.setSpan(context.active(), span), work);
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    throw err;
  } finally {
    span.end();
  }
}
