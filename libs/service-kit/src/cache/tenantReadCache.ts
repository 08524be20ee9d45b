import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import type { TenantChangeListener } from '../db/tenantChanges.js';
import type { ServiceState } from '../http/app.js';
import { readCacheRequests } from './readCacheMetrics.js';

/** A cached answer: the JSON body as bytes and the headers the route set beside it (e.g. X-Total-Count). */
interface Answer {
  body: Buffer;
  headers: [string, string][];
}

interface Entry {
  answer: Answer;
  generation: number;
  storedAt: number;
}

interface Flight {
  generation: number;
  epoch: number;
  answer: Promise<Answer | undefined>;
}

export interface TenantReadCacheOptions {
  /** Names the cache on /metrics (`read_cache_requests_total{schema}`): the schema it keeps answers of. */
  name?: string;
  /** Bytes of answer bodies kept in all; the answer used longest ago makes room. 0 turns the cache off: every request computes its answer. */
  maxBytes?: number;
  /** A safety net only: answers are dropped when their tenant's data changes, long before this. */
  maxAgeMs?: number;
  now?: () => number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers of GET routes that depend only on the tenant's data and the URL (lists, dashboard
 * figures), kept until that tenant's data changes. Each tenant has a generation that every change
 * moves on; an answer computed while the generation moved is never stored, so no answer older than
 * a change the process has heard of is served. Requests that miss together while one of them
 * computes the answer wait for it instead of repeating the work.
 *
 * It caches nothing until `following()`: called once every committed change is sure to reach
 * `changed()` (see `followTenantChanges`), and `lost()` when that stops being true. A process
 * also calls `changed()` itself after its own commits, so its next read sees them without
 * waiting for the notification.
 */
export class TenantReadCache implements TenantChangeListener {
  private isFollowing = false;
  /** Moves on with every following() and lost(): an answer begun before a lapse may have missed a change. */
  private epoch = 0;
  private readonly generations = new Map<string, number>();
  /** Bounded by the bytes of the bodies it holds; the answer used longest ago makes room. */
  private readonly entries: LRUCache<string, Entry>;
  private readonly flights = new Map<string, Flight>();
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly hits: { inc(): void };
  private readonly misses: { inc(): void };

  constructor(options: TenantReadCacheOptions = {}) {
    this.hits = readCacheRequests.labels({ schema: options.name ?? 'unnamed', result: 'hit' });
    this.misses = readCacheRequests.labels({ schema: options.name ?? 'unnamed', result: 'miss' });
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
    // Turned off (0), the middleware keeps nothing; the cache is still built with a size it accepts.
    this.entries = new LRUCache({ maxSize: Math.max(1, Math.floor(this.maxBytes)), sizeCalculation: (entry) => entry.answer.body.length });
  }

  /** Every change is heard from now on; what was kept before may have missed some, so it goes. */
  following(): void {
    this.clear();
    this.isFollowing = true;
  }

  /** Changes may go unheard: serve nothing from memory until `following()` again. */
  lost(): void {
    this.isFollowing = false;
    this.clear();
  }

  /** The tenant's data changed (committed): its kept answers no longer hold. */
  changed(tenantId: string): void {
    this.generations.set(tenantId, this.generation(tenantId) + 1);
  }

  /** Koa middleware for a GET route whose answer depends on nothing but the tenant's data and `ctx.url`. */
  readonly middleware: Middleware<ServiceState> = async (ctx, next) => {
    const tenantId = ctx.state.caller?.tenantId;
    if (!this.isFollowing || this.maxBytes === 0 || !tenantId || ctx.method !== 'GET') return next();
    const key = `${tenantId} ${ctx.url}`;
    const generation = this.generation(tenantId);
    const epoch = this.epoch;
    const kept = this.lookup(key, generation) ?? (await this.joinFlight(key, generation, epoch));
    if (kept) {
      this.hits.inc();
      for (const [name, value] of kept.headers) ctx.set(name, value);
      ctx.set('Content-Type', JSON_TYPE);
      ctx.body = kept.body;
      return;
    }

    this.misses.inc();
    let land!: (answer: Answer | undefined) => void;
    const flight: Flight = { generation, epoch, answer: new Promise((resolve) => (land = resolve)) };
    this.flights.set(key, flight);
    let answer: Answer | undefined;
    try {
      const before = new Set(Object.keys(ctx.response.headers));
      await next();
      answer = ctx.status === 200 && isJson(ctx.body) ? freeze(ctx.body, ctx.response.headers, before) : undefined;
      if (answer) {
        ctx.set('Content-Type', JSON_TYPE);
        ctx.body = answer.body;
        // Moved on while this ran: the answer may predate the change, so it is served once, not kept.
        if (this.isFollowing && this.epoch === epoch && this.generation(tenantId) === generation) {
          // One larger than the whole cache is not kept (lru-cache's maxEntrySize defaults to maxSize).
          this.entries.set(key, { answer, generation, storedAt: this.now() });
        }
      }
    } finally {
      land(answer);
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  };

  private generation(tenantId: string): number {
    return this.generations.get(tenantId) ?? 0;
  }

  private lookup(key: string, generation: number): Answer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation === generation && this.now() - entry.storedAt < this.maxAgeMs) return entry.answer;
    this.entries.delete(key);
    return undefined;
  }

  /** A request arriving while the same answer is computed for the same generation waits for it. */
  private async joinFlight(key: string, generation: number, epoch: number): Promise<Answer | undefined> {
    const flight = this.flights.get(key);
    if (!flight || flight.generation !== generation || flight.epoch !== epoch) return undefined;
    return flight.answer;
  }

  private clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}

function isJson(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

function freeze(body: object, headers: Record<string, unknown>, before: Set<string>): Answer {
  const added = Object.entries(headers).filter(
    ([name, value]) => !before.has(name) && name !== 'content-type' && name !== 'content-length' && value !== undefined,
  );
  return { body: Buffer.from(JSON.stringify(body)), headers: added.map(([name, value]) => [name, String(value)]) };
}
