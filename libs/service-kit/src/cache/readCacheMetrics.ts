import { Counter } from 'prom-client';
import { processMetrics } from '../telemetry/processMetrics.js';

/** Requests the read cache answered from memory (hit) or had the route compute (miss), per schema. */
export const readCacheRequests = new Counter({
  name: 'read_cache_requests_total',
  help: 'GET requests the tenant read cache served from memory (result="hit") or passed to the route (result="miss")',
  labelNames: ['schema', 'result'] as const,
  registers: [processMetrics],
});
