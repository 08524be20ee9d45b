import { setTimeout as sleep } from 'node:timers/promises';

/** Intuit's per-realm limits for the Accounting API. */
export interface RealmLimits {
  requestsPerMinute: number;
  concurrentRequests: number;
}

export const INTUIT_LIMITS: RealmLimits = { requestsPerMinute: 500, concurrentRequests: 10 };

/**
 * A token bucket holding half the minute's allowance and refilling the other half over the
 * minute: whatever the burst pattern, no sliding 60-second window sees more than
 * `requestsPerMinute` (Intuit counts with a sliding window), yet a full sync's first few
 * hundred requests go out without waiting.
 */
class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly capacity: number;
  private readonly perMs: number;

  constructor(
    requestsPerMinute: number,
    private readonly now: () => number,
  ) {
    this.capacity = Math.max(1, Math.floor(requestsPerMinute / 2));
    this.perMs = (requestsPerMinute - this.capacity) / 60_000;
    this.tokens = this.capacity;
    this.last = now();
  }

  /** Takes a token, or answers how long until one is available. */
  take(): number {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.perMs);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - this.tokens) / this.perMs);
  }
}

class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `active` is unchanged.
    if (next) next();
    else this.active -= 1;
  }
}

export type Release = () => void;

/** Keeps this process's requests to each realm inside Intuit's rate and concurrency limits. */
export class RealmLimiter {
  private readonly realms = new Map<string, { bucket: TokenBucket; slots: Semaphore }>();

  constructor(
    private readonly limits: RealmLimits = INTUIT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Waits for a concurrency slot and a rate token; call the answer when the response is read. */
  async acquire(realmId: string): Promise<Release> {
    let realm = this.realms.get(realmId);
    if (!realm) {
      realm = { bucket: new TokenBucket(this.limits.requestsPerMinute, this.now), slots: new Semaphore(this.limits.concurrentRequests) };
      this.realms.set(realmId, realm);
    }
    await realm.slots.acquire();
    for (let wait = realm.bucket.take(); wait > 0; wait = realm.bucket.take()) await sleep(wait);
    let released = false;
    const slots = realm.slots;
    return () => {
      if (released) return;
      released = true;
      slots.release();
    };
  }
}
