import type { Clock } from '../clock.js';
import type { SandboxLimits } from '../config.js';

/** Per-realm request rate (sliding minute) and requests in flight, as Intuit throttles them. */
export class RealmLimiter {
  private readonly recent = new Map<string, number[]>();
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    public limits: SandboxLimits,
  ) {}

  /** Admits a request or refuses it; an admitted request must be released. */
  admit(realmId: string): boolean {
    const now = this.clock.now();
    let times = this.recent.get(realmId);
    if (!times) {
      times = [];
      this.recent.set(realmId, times);
    }
    let expired = 0;
    while (expired < times.length && times[expired]! <= now - 60_000) expired += 1;
    if (expired > 0) times.splice(0, expired);
    const running = this.inFlight.get(realmId) ?? 0;
    if (times.length >= this.limits.requestsPerMinute || running >= this.limits.concurrentRequests) return false;
    times.push(now);
    this.inFlight.set(realmId, running + 1);
    return true;
  }

  release(realmId: string): void {
    this.inFlight.set(realmId, Math.max(0, (this.inFlight.get(realmId) ?? 1) - 1));
  }

  reset(): void {
    this.recent.clear();
  }
}
