import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@printpool/service-kit';
import { DEFAULT_QBO_TIMEOUT_MS } from '../config/syncConfig.js';
import { retryDelayMs } from '../domain/backoff.js';
import { resumeAfterThrottle } from '../domain/throttleWait.js';
import type { QboDocument } from '../domain/qboDocument.js';
import { failureForStatus, isRetryable, parseQboErrorBody, QboApiError, QboReauthorizationRequired } from './qboErrors.js';
import { countQboAttempt, countQboFailure } from './qboMetrics.js';
import type { RealmLimiter } from './realmLimiter.js';
import type { QboTokens } from './qboTokens.js';

/** The Accounting API minor version these mappings were written against. */
const MINOR_VERSION = '75';

export interface QboClientOptions {
  apiBase: string;
  tokens: QboTokens;
  limiter: RealmLimiter;
  logger: Logger;
  /** Attempts per request for 5xx and network failures. */
  maxAttempts?: number;
  retryBaseMs?: number;
  /** How long QuickBooks may keep answering 429 before a request fails (default 10 minutes). */
  throttleLimitMs?: number;
  /** Intuit's rate window; a throttled request waits for the next one (tests shorten it). */
  throttleWindowMs?: number;
  /** How long one request may take, answer included, before it fails as a network failure and is retried (QBO_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Told when a tenant's requests wait out throttling (until `resumeAt`) and when they go on (null). */
  onThrottled?: (tenantId: string, resumeAt: Date | null) => void;
}

const DEFAULT_THROTTLE_LIMIT_MS = 10 * 60_000;
/**
 * 429s answered with backoff (as a 5xx is) before a request waits for QuickBooks' next window.
 * Intuit answers 429 for too many requests in flight as for a spent minute, and sends no
 * Retry-After; the first kind clears in seconds. Five quick tries (under 8 s in all at the
 * default base) cost five requests and spare up to a minute's wait when it is the first kind.
 */
const QUICK_THROTTLE_RETRIES = 5;

export interface QboAnswer<T> {
  realmId: string;
  body: T;
  /** QBO's clock at the answer (`time`), the safe start of the next CDC window. */
  time: string | undefined;
}

interface QueryResponseBody {
  QueryResponse?: Record<string, unknown> & { totalCount?: number };
  time?: string;
}

export interface CdcGroup {
  changed: QboDocument[];
  deletedIds: string[];
  /** QBO caps a CDC answer at 1000 objects: a full group may have left some out. */
  truncated: boolean;
}

/**
 * The Accounting API v3 over fetch, for one tenant's connection at a time: inside the
 * realm's limits, waiting out throttling window by window, retrying 5xx with backoff,
 * refreshing the token once on 401.
 */
export class QboClient {
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly throttleLimitMs: number;
  private readonly requestTimeoutMs: number;

  constructor(private readonly options: QboClientOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_QBO_TIMEOUT_MS;
    this.maxAttempts = options.maxAttempts ?? 6;
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.throttleLimitMs = options.throttleLimitMs ?? DEFAULT_THROTTLE_LIMIT_MS;
  }

  async query<T = QueryResponseBody>(tenantId: string, statement: string): Promise<QboAnswer<T>> {
    return this.request<T>(tenantId, '/query', { method: 'POST', body: statement, contentType: 'application/text' });
  }

  async count(tenantId: string, entity: string, where = ''): Promise<QboAnswer<number>> {
    const answer = await this.query(tenantId, `SELECT count(*) FROM ${entity} ${where}`.trim());
    return { ...answer, body: Number(answer.body.QueryResponse?.totalCount ?? 0) };
  }

  /** Documents of one query, in the order QBO gives them. */
  async documents(tenantId: string, entity: string, statement: string): Promise<QboAnswer<QboDocument[]>> {
    const answer = await this.query(tenantId, statement);
    const docs = answer.body.QueryResponse?.[entity];
    return { ...answer, body: Array.isArray(docs) ? (docs as QboDocument[]) : [] };
  }

  /** The company's name and its whole CompanyInfo object as Intuit answers it (domain/mapCompanyInfo.ts reads the letterhead from it). */
  async companyInfo(tenantId: string): Promise<QboAnswer<{ companyName: string | null; realmId: string; companyInfo: Record<string, unknown> }>> {
    const tokens = await this.options.tokens.current(tenantId);
    const answer = await this.request<{ CompanyInfo?: Record<string, unknown> & { CompanyName?: string } }>(
      tenantId,
      `/companyinfo/${encodeURIComponent(tokens.realmId)}`,
    );
    const companyInfo = answer.body.CompanyInfo ?? {};
    return { ...answer, body: { companyName: companyInfo.CompanyName ?? null, realmId: tokens.realmId, companyInfo } };
  }

  /** One object as QBO holds it now (`GET /{entity}/{id}`), e.g. to learn its current SyncToken. */
  async read(tenantId: string, entity: string, id: string): Promise<QboAnswer<QboDocument>> {
    const answer = await this.request<Record<string, QboDocument>>(tenantId, `/${entity.toLowerCase()}/${encodeURIComponent(id)}`);
    return { ...answer, body: answer.body[entity]! };
  }

  /**
   * Creates an object, or updates one when the body carries Id and SyncToken (`sparse: true`
   * for a sparse update). `requestid` lets Intuit answer a retried write without applying it twice.
   */
  async write(tenantId: string, entity: string, body: Record<string, unknown>): Promise<QboAnswer<QboDocument>> {
    const path = `/${entity.toLowerCase()}?requestid=${randomUUID()}`;
    const answer = await this.request<Record<string, QboDocument>>(tenantId, path, {
      method: 'POST',
      body: JSON.stringify(body),
      contentType: 'application/json',
    });
    return { ...answer, body: answer.body[entity]! };
  }

  /** Changes since `changedSince` for each entity, changed objects first, then deletions. */
  async cdc(tenantId: string, entities: string[], changedSince: string): Promise<QboAnswer<Map<string, CdcGroup>>> {
    const params = new URLSearchParams({ entities: entities.join(','), changedSince });
    const answer = await this.request<{ CDCResponse?: Array<{ QueryResponse?: Array<Record<string, unknown>> }> }>(tenantId, `/cdc?${params.toString()}`);
    const groups = new Map<string, CdcGroup>();
    for (const entity of entities) groups.set(entity, { changed: [], deletedIds: [], truncated: false });
    for (const response of answer.body.CDCResponse ?? []) {
      for (const group of response.QueryResponse ?? []) {
        for (const entity of entities) {
          const objects = group[entity];
          if (!Array.isArray(objects)) continue;
          const target = groups.get(entity)!;
          for (const object of objects as QboDocument[]) {
            if (object.status === 'Deleted') target.deletedIds.push(String(object.Id));
            else target.changed.push(object);
          }
          target.truncated = objects.length >= 1000;
        }
      }
    }
    return { ...answer, body: groups };
  }

  private async request<T>(tenantId: string, path: string, init: { method?: string; body?: string; contentType?: string } = {}): Promise<QboAnswer<T>> {
    const { tokens, limiter, logger, apiBase } = this.options;
    let connection = await tokens.current(tenantId);
    let refreshed = false;
    let throttledSince: number | undefined;
    let throttles = 0;
    const separator = path.includes('?') ? '&' : '?';
    for (let attempt = 0; ;) {
      const url = `${apiBase}/${encodeURIComponent(connection.realmId)}${path}${separator}minorversion=${MINOR_VERSION}`;
      const release = await limiter.acquire(connection.realmId);
      let status = 0;
      let text = '';
      let retryAfter: string | null = null;
      let intuitTid: string | undefined;
      const signal = AbortSignal.timeout(this.requestTimeoutMs);
      try {
        const response = await fetch(url, {
          method: init.method ?? 'GET',
          headers: {
            authorization: `Bearer ${connection.tokens.accessToken}`,
            accept: 'application/json',
            ...(init.contentType ? { 'content-type': init.contentType } : {}),
          },
          body: init.body,
          signal,
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        intuitTid = response.headers.get('intuit_tid') ?? undefined;
        text = await response.text();
      } catch (error) {
        status = 0;
        text = signal.aborted ? `did not answer within ${this.requestTimeoutMs} ms` : error instanceof Error ? error.message : String(error);
      } finally {
        release();
      }

      if (status >= 200 && status < 300) {
        countQboAttempt(tenantId, 'ok');
        if (throttles > QUICK_THROTTLE_RETRIES) this.options.onThrottled?.(tenantId, null);
        const body = JSON.parse(text) as T & { time?: string };
        return { realmId: connection.realmId, body, time: typeof body.time === 'string' ? body.time : undefined };
      }
      const error =
        status === 0
          ? new QboApiError('network', 0, { code: undefined, message: text, detail: undefined })
          : new QboApiError(failureForStatus(status), status, parseQboErrorBody(text), intuitTid);
      countQboAttempt(tenantId, error.failure);

      if (error.failure === 'authentication') {
        if (refreshed) {
          countQboFailure(tenantId, 'reauthorization');
          throw new QboReauthorizationRequired('QuickBooks refused a freshly refreshed token; reconnect');
        }
        connection = await tokens.refresh(tenantId, connection.tokens.accessToken);
        refreshed = true;
        continue;
      }
      if (error.failure === 'throttled') {
        // The realm's quota is spent, not the request at fault. A throttle on requests in
        // flight clears in moments, so the first retries come quickly; past them the request
        // waits for the next window, as often as needed, while QuickBooks refuses within the limit.
        const now = Date.now();
        throttledSince ??= now;
        throttles += 1;
        if (now - throttledSince >= this.throttleLimitMs) {
          countQboFailure(tenantId, 'throttled');
          throw new QboApiError(
            'throttled',
            status,
            { ...error.detail, message: `QuickBooks kept refusing requests (rate limit) for ${Math.round((now - throttledSince) / 60_000)} minutes` },
            intuitTid,
          );
        }
        const resumeAt =
          throttles <= QUICK_THROTTLE_RETRIES
            ? now + retryDelayMs(throttles - 1, retryAfter, { baseMs: this.retryBaseMs })
            : resumeAfterThrottle(now, retryAfter, this.options.throttleWindowMs);
        if (throttles > QUICK_THROTTLE_RETRIES) this.options.onThrottled?.(tenantId, new Date(resumeAt));
        logger.warn({ tenantId, realmId: connection.realmId, resumeAt: new Date(resumeAt).toISOString(), intuitTid }, 'QuickBooks rate limit reached; waiting');
        await sleep(resumeAt - now);
        continue;
      }
      attempt += 1;
      if (!isRetryable(error) || attempt >= this.maxAttempts) {
        countQboFailure(tenantId, error.failure);
        throw error;
      }
      const delay = retryDelayMs(attempt - 1, retryAfter, { baseMs: this.retryBaseMs });
      logger.warn({ tenantId, realmId: connection.realmId, status, code: error.detail.code, attempt, delay, intuitTid }, 'QuickBooks request will be retried');
      await sleep(delay);
    }
  }
}
