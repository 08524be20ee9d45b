import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger } from 'pino';
import { PROCESS_SETTINGS } from './config/processSettings.js';
import { currentLogScope } from './telemetry/logScope.js';

export type { Logger };

/** Paths that must never reach a log line: credentials, tokens, cookies, personal message bodies. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-printpool-internal"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.accessToken',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.secret',
  '*.token',
];

/**
 * The fields of the request or event in hand (telemetry/logScope.ts) and its trace, on every line
 * written while it is handled; a field the line names itself wins.
 */
function scopeFields(): object {
  const scope = currentLogScope();
  const span = trace.getActiveSpan()?.spanContext();
  if (!scope && !span) return {};
  return { ...scope, ...(span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {}) };
}

/** A JSON logger to stdout, or to `destination` (tests read what a process logs). */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? PROCESS_SETTINGS.defaultOf('LOG_LEVEL'), destination?: DestinationStream): Logger {
  const options = { name, level, mixin: scopeFields, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
