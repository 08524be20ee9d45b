export type FaultKind = '5xx' | '429' | 'latency' | 'expire-token';

export interface FaultRequest {
  realmId: string;
  kind: FaultKind;
  /** How many API requests of the realm it affects (default 1). */
  count?: number;
  latencyMs?: number;
  /** HTTP status of a '5xx' fault (default 500). */
  status?: number;
}

interface Pending {
  kind: Exclude<FaultKind, 'expire-token'>;
  remaining: number;
  latencyMs: number;
  status: number;
}

export interface FaultPlan {
  latencyMs: number;
  failure: { kind: '5xx'; status: number } | { kind: '429' } | undefined;
}

/** Faults armed through the admin API, consumed by the realm's next API requests. */
export class FaultInjector {
  private readonly pending = new Map<string, Pending[]>();

  arm(request: FaultRequest): void {
    if (request.kind === 'expire-token') return;
    const list = this.pending.get(request.realmId) ?? [];
    list.push({
      kind: request.kind,
      remaining: Math.max(1, request.count ?? 1),
      latencyMs: Math.max(0, request.latencyMs ?? 0),
      status: request.status ?? 500,
    });
    this.pending.set(request.realmId, list);
  }

  clear(realmId?: string): void {
    if (realmId === undefined) this.pending.clear();
    else this.pending.delete(realmId);
  }

  /** What the next request of the realm suffers: summed latency and the first failure. */
  take(realmId: string): FaultPlan {
    const list = this.pending.get(realmId);
    const plan: FaultPlan = { latencyMs: 0, failure: undefined };
    if (!list || list.length === 0) return plan;
    for (const fault of list) {
      if (fault.kind === 'latency') {
        plan.latencyMs += fault.latencyMs;
      } else if (!plan.failure) {
        plan.failure = fault.kind === '5xx' ? { kind: '5xx', status: fault.status } : { kind: '429' };
      } else {
        continue;
      }
      fault.remaining -= 1;
    }
    this.pending.set(
      realmId,
      list.filter((fault) => fault.remaining > 0),
    );
    return plan;
  }
}
