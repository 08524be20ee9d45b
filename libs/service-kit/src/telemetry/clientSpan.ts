import { context, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { propagationHeaders } from './propagation.js';
import { tracer } from './tracing.js';

/**
 * Runs an outgoing call in a client span: `call` receives the headers to send (the span's trace
 * context and the request id), so the peer's work joins the same trace. A call that throws
 * marks the span failed.
 */
export async function withClientSpan<T>(name: string, attributes: Attributes, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes });
  const active = trace.setSpan(context.active(), span);
  try {
    return await context.with(active, () => call(propagationHeaders(active)));
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    throw err;
  } finally {
    span.end();
  }
}
