import { Counter } from 'prom-client';
import { processMetrics } from '@printpool/service-kit';
import type { QboFailure } from './qboErrors.js';

/**
 * Every request sent to the QuickBooks Accounting API, each attempt once, by tenant (the
 * company's PrintPool tenant) and how it went: `ok`, or its failure (`throttled` is a 429).
 */
const requests = new Counter({
  name: 'qbo_requests_total',
  help: 'Requests sent to the QuickBooks Accounting API, each attempt once, per tenant and outcome: ok, or the failure (throttled = 429, unavailable = 5xx, network, authentication, authorization, validation, not-found)',
  labelNames: ['tenant_id', 'outcome'] as const,
  registers: [processMetrics],
});

/** Requests that failed for good: retries and waits for the rate window spent, the caller told. */
const failures = new Counter({
  name: 'qbo_request_failures_total',
  help: 'QuickBooks requests that failed for good (after their retries), per tenant and failure',
  labelNames: ['tenant_id', 'failure'] as const,
  registers: [processMetrics],
});

export function countQboAttempt(tenantId: string, outcome: 'ok' | QboFailure): void {
  requests.inc({ tenant_id: tenantId, outcome });
}

export function countQboFailure(tenantId: string, failure: QboFailure | 'reauthorization'): void {
  failures.inc({ tenant_id: tenantId, failure });
}
