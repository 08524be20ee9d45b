/** svc-sync is the launcher's third process (infra/launch/src/replicas.ts replicaPort: SERVICE_BASE_PORT + 40 + ten per process + the replica). */
const SYNC_PROCESS_INDEX = 2;

const COUNTER = /^qbo_requests_total\{([^}]*)\} (\d+(?:\.\d+)?(?:e\+\d+)?)$/gm;

/**
 * Requests svc-sync sent to QuickBooks so far, per tenant, from each replica's /metrics
 * (`qbo_requests_total`, svc-sync/src/qbo/qboMetrics.ts: every attempt, whatever its outcome),
 * summed over the replicas: webhook imports, sync runs, write-back and the scheduled catch-ups alike.
 */
export async function qboRequestsByTenant(serviceBasePort: number, replicas: number): Promise<Map<string, number>> {
  const byTenant = new Map<string, number>();
  const ports =
    replicas > 1 ? Array.from({ length: replicas }, (_, replica) => serviceBasePort + 40 + SYNC_PROCESS_INDEX * 10 + replica) : [serviceBasePort + 2];
  for (const port of ports) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const [, labels, value] of text.matchAll(COUNTER)) {
      const tenant = /tenant_id="([^"]*)"/.exec(labels!)?.[1];
      if (tenant) byTenant.set(tenant, (byTenant.get(tenant) ?? 0) + Number(value));
    }
  }
  return byTenant;
}

/** What each tenant sent between two readings. */
export function requestsBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([tenant, count]) => [tenant, count - (before.get(tenant) ?? 0)]));
}
