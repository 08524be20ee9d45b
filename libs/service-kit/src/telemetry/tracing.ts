import { hostname } from 'node:os';
import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { defineSettings } from '../config/settings.js';

/** OpenTelemetry's own variables, as far as PrintPool reads them (docs/architecture.md §8). */
export const TELEMETRY_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'every process' },
  {
    OTEL_EXPORTER_OTLP_ENDPOINT: {
      unset: 'nothing is recorded or exported; trace ids are still made, passed on and written on log lines',
      description: 'OTLP/HTTP (JSON) collector base URL, e.g. `http://otel-collector:4318`: traces are exported to `<url>/v1/traces`',
    },
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: { rarelySet: true, description: 'the full traces URL, instead of `OTEL_EXPORTER_OTLP_ENDPOINT`' },
    OTEL_EXPORTER_OTLP_HEADERS: {
      rarelySet: true,
      description: 'headers the exporter adds (`key=value,…`; a Secret when it holds a key); read by the OTLP exporter itself',
    },
    OTEL_SERVICE_NAME: { unset: "the service's name (`printpool` in the all-in-one mode)", description: 'the `service.name` of its spans' },
    OTEL_TRACES_SAMPLER_ARG: { default: 1, description: "the share of traces kept; a caller's decision stands" },
    OTEL_SDK_DISABLED: { rarelySet: true, description: '`true` turns export off' },
    OTEL_TRACES_EXPORTER: { rarelySet: true, description: '`none` turns export off' },
  },
);

/**
 * The tracer every span PrintPool makes comes from. Until startTelemetry() registers a provider
 * it is OpenTelemetry's no-op tracer: spans cost an object each and record nothing. Asked for at
 * each use, so spans go to the provider running now, not one a restart shut down.
 */
export function tracer(): Tracer {
  return trace.getTracer('printpool');
}

export interface TelemetryOptions {
  /** `service.name` of the spans (OTEL_SERVICE_NAME overrides it). */
  serviceName: string;
  env?: NodeJS.ProcessEnv;
  /** Where spans go instead of the OTLP endpoint the environment names (tests). */
  exporter?: SpanExporter;
}

export interface Telemetry {
  /** Whether spans are recorded and sent anywhere. */
  exporting: boolean;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops; call on the way out. */
  shutdown(): Promise<void>;
}

let running: Telemetry | undefined;

/** The OTLP/HTTP traces URL the environment names, per the OpenTelemetry variables. */
export function otlpTracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

function sampler(env: NodeJS.ProcessEnv) {
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? TELEMETRY_SETTINGS.defaultOf('OTEL_TRACES_SAMPLER_ARG'));
  // A caller's decision stands, so a trace is kept whole or not at all across services.
  return new ParentBasedSampler({ root: Number.isFinite(ratio) && ratio < 1 ? new TraceIdRatioBasedSampler(ratio) : new AlwaysOnSampler() });
}

/**
 * Starts tracing for this process (docs/architecture.md §8). The W3C trace context is always
 * carried from caller to callee, so a trace begun upstream goes on through a process that
 * exports nothing. Spans are recorded and exported by OTLP/HTTP only when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise spans
 * record nothing but still get trace and span ids (a trace begun here starts unsampled, a
 * caller's goes on as the caller decided), so every log line written in a trace names it
 * (logger.ts) and a request can be followed through the logs alone. One at a time per process:
 * a call before the running one's shutdown() answers that one.
 */
export function startTelemetry({ serviceName, env = process.env, exporter }: TelemetryOptions): Telemetry {
  if (running) return running;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const url = otlpTracesUrl(env);
  const spanExporter = exporter ?? (url ? new OTLPTraceExporter({ url }) : undefined);
  // A process that stops and starts its product again (a test, the all-in-one mode) starts afresh.
  const stop = () => {
    running = undefined;
    trace.disable();
    propagation.disable();
    context.disable();
  };
  if (!spanExporter) {
    // No processor: nothing recorded goes anywhere. Traces begun here are left unsampled, so an exporting peer downstream drops them too.
    const ids = new TracerProvider({ sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) });
    trace.setGlobalTracerProvider(ids);
    running = { exporting: false, flush: async () => undefined, shutdown: () => ids.shutdown().finally(stop) };
    return running;
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? serviceName,
      'service.namespace': 'printpool',
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    sampler: sampler(env),
    spanProcessors: [new BatchSpanProcessor({ exporter: spanExporter })],
  });
  trace.setGlobalTracerProvider(provider);
  running = { exporting: true, flush: () => provider.forceFlush(), shutdown: () => provider.shutdown().finally(stop) };
  return running;
}
