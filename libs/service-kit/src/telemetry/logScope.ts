import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who and what the work in hand is for: every log line written while a request or an event is
 * being handled carries these fields (logger.ts), so an operator can follow one request or one
 * tenant through every service. Identifiers only, never a name, an address or a token.
 */
export interface LogScope {
  /** The gateway's request id, carried to services in `x-request-id` and to events in their headers. */
  requestId?: string;
  tenantId?: string;
  userId?: string;
  /** While an event is handled: the consumer and the event's id. */
  consumer?: string;
  eventId?: string;
}

const storage = new AsyncLocalStorage<LogScope>();

/**
 * Runs `work` in a scope of its own holding `fields`: a request, an event being handled, a relay
 * pass. Nothing of the scope it was started from carries over, since work a request only
 * nudged (the outbox relay, an event delivered in this process) is not that request's.
 */
export function runInLogScope<T>(fields: LogScope, work: () => T): T {
  return storage.run({ ...fields }, work);
}

/** The scope of the request or event being handled, if any. */
export function currentLogScope(): LogScope | undefined {
  return storage.getStore();
}

/**
 * Adds who is calling to the current scope once authentication has said so. The scope object is
 * shared by everything the request runs from here on, and by the request's own last log line.
 */
export function identifyLogScope(tenantId: string, userId: string | undefined): void {
  const scope = storage.getStore();
  if (!scope) return;
  scope.tenantId = tenantId;
  if (userId) scope.userId = userId;
}
