import { setTimeout as sleep } from 'node:timers/promises';

/** Intuit's per-realm limits for the Accounting API. */
export interface RealmLimits {
  requestsPerMinute: number;
  concurrentRequests: number;
}

export const INTUIT_LIMITS: RealmLimits = { requestsPerMinute: 500, concurrentRequests: 10 };

/** A realm's request allowance: `take` spends one request, or answers how many ms until one is available. */
export interface RequestBudget {
  take(realmId: string): Promise<number>;
}

/**
 * The bucket's shape: it holds half the minute's allowance and refills the other half over
 * the minute. Whatever the burst pattern, no sliding 60-second window sees more than
 * `requestsPerMinute` (Intuit counts with a sliding window), yet a full sync's first few
 * hundred requests go out without waiting.
 */
export function bucketShape(requestsPerMinute: number): { capacity: number; perMs: number } {
  const capacity = Math.max(1, Math.floor(requestsPerMinute / 2));
  return { capacity, perMs: (requestsPerMinute - capacity) / 60_000 };
}

/** The token bucket of bucketShape in this process's memory. */
class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly capacity: number;
  private readonly perMs: number;

  constructor(
    requestsPerMinute: number,
    private readonly now: () => number,
  ) {
    ({ capacity: this.capacity, perMs: this.perMs } = bucketShape(requestsPerMinute));
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

/** Each realm's token bucket in this process's memory: the budget when one process alone calls QuickBooks. */
export function memoryBudget(requestsPerMinute: number, now: () => number = Date.now): RequestBudget {
  const buckets = new Map<string, TokenBucket>();
  return {
    async take(realmId) {
      const bucket = buckets.get(realmId) ?? new TokenBucket(requestsPerMinute, now);
      buckets.set(realmId, bucket);
      return bucket.take();
    },
  };
}

export type Release = () => void;

/**
 * Keeps requests to each realm inside Intuit's rate and concurrency limits: the rate as
 * `budget` counts it (the replicas' shared one, sharedRealmBudget.ts), the requests in flight
 * per process.
 */
export class RealmLimiter {
  private readonly slots = new Map<string, Semaphore>();
  private readonly budget: RequestBudget;

  constructor(
    private readonly limits: RealmLimits = INTUIT_LIMITS,
    budget?: RequestBudget,
  ) {
    this.budget = budget ?? memoryBudget(limits.requestsPerMinute);
  }

  /** Waits for a concurrency slot and a rate token; call the answer when the response is read. */
  async acquire(realmId: string): Promise<Release> {
    const slots = this.slots.get(realmId) ?? new Semaphore(this.limits.concurrentRequests);
    this.slots.set(realmId, slots);
    await slots.acquire();
    try {
      for (let wait = await this.budget.take(realmId); wait > 0; wait = await this.budget.take(realmId)) await sleep(wait);
    } catch (error) {
      slots.release();
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      slots.release();
    };
  }
}
