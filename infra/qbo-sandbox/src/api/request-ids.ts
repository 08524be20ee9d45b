import type { Context, Next } from 'koa';
import type { Realm } from '../store/realm.js';
import type { ApiState } from './gate.js';

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** Answers remembered per company; the oldest are forgotten first, as Intuit keeps them only a while. */
export const REQUEST_IDS_PER_REALM = 1000;

/**
 * `?requestid=` on a POST makes it idempotent: QBO answers a repeated request id (in the
 * same company) with the first request's answer instead of writing again, so a client may
 * retry a write whose answer it lost. Only successful answers are kept: a refused request
 * changed nothing, and its retry is judged afresh. The write handlers run without awaiting
 * anything, so no repeat can slip in between the first request's check and its answer.
 */
export class RequestIdLog {
  // Keyed by the Realm object, so a regenerated company starts with an empty log.
  private readonly logs = new WeakMap<Realm, Map<string, Answer>>();

  constructor(private readonly capacity = REQUEST_IDS_PER_REALM) {}

  middleware() {
    return async (ctx: Context, next: Next): Promise<void> => {
      const requestId = ctx.query.requestid;
      if (ctx.method !== 'POST' || typeof requestId !== 'string' || requestId === '') return next();
      const log = this.logFor((ctx.state as ApiState).realm);
      const seen = log.get(requestId);
      if (seen) {
        ctx.status = seen.status;
        ctx.type = seen.type;
        ctx.body = seen.body;
        return;
      }
      await next();
      if (ctx.status < 200 || ctx.status >= 300 || typeof ctx.body !== 'string') return;
      log.set(requestId, { status: ctx.status, type: ctx.response.get('content-type'), body: ctx.body });
      // Maps iterate in insertion order, so the first key is the oldest answer.
      if (log.size > this.capacity) log.delete(log.keys().next().value!);
    };
  }

  private logFor(realm: Realm): Map<string, Answer> {
    let log = this.logs.get(realm);
    if (!log) {
      log = new Map();
      this.logs.set(realm, log);
    }
    return log;
  }
}
