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

/** A realm's requests in flight: `acquire` waits for one of its slots; call the answer when the response is read. */
export interface RequestSlots {
  acquire(realmId: string): Promise<Release>;
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

/** Each realm's slots in this process's memory: the limit when one process alone calls QuickBooks. */
export function memorySlots(concurrentRequests: number): RequestSlots {
  const semaphores = new Map<string, Semaphore>();
  return {
    async acquire(realmId) {
      const slots = semaphores.get(realmId) ?? new Semaphore(concurrentRequests);
      semaphores.set(realmId, slots);
      await slots.acquire();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        slots.release();
      };
    },
  };
}

/**
 * Keeps requests to each realm inside Intuit's rate and concurrency limits: the rate as
 * `budget` counts it and the requests in flight as `slots` hold them (the replicas' shared
 * ones, sharedRealmBudget.ts and sharedRealmSlots.ts; this process's memory by default).
 */
export class RealmLimiter {
  private readonly budget: RequestBudget;
  private readonly slots: RequestSlots;

  constructor(limits: RealmLimits = INTUIT_LIMITS, shared: { budget?: RequestBudget; slots?: RequestSlots } = {}) {
    this.budget = shared.budget ?? memoryBudget(limits.requestsPerMinute);
    this.slots = shared.slots ?? memorySlots(limits.concurrentRequests);
  }

  /** Waits for a slot and a rate token; call the answer when the response is read. */
  async acquire(realmId: string): Promise<Release> {
    const release = await this.slots.acquire(realmId);
    try {
      for (let wait = await this.budget.take(realmId); wait > 0; wait = await this.budget.take(realmId)) await sleep(wait);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }
}
