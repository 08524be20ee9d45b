import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { QboFault } from '../api/faults.js';
import type { AdminControl } from './control.js';
import { ENTITY_NAMES, type EntityName } from '../store/types.js';

const faultSchema = z.object({
  realmId: z.string().min(1),
  kind: z.enum(['5xx', '429', 'latency', 'expire-token']),
  count: z.number().int().positive().optional(),
  latencyMs: z.number().int().nonnegative().optional(),
  status: z.number().int().min(500).max(599).optional(),
});
const companySchema = z.object({
  seed: z.number().int(),
  scale: z.number().positive().optional(),
  companyName: z.string().min(1).optional(),
  realmId: z.string().regex(/^\d+$/).optional(),
  /** Recorded objects by entity (`fixtures/intuit`), loaded as they are instead of generated ones. */
  records: z
    .partialRecord(
      z.enum(ENTITY_NAMES as [EntityName, ...EntityName[]]),
      z.array(
        z.looseObject({ Id: z.string().regex(/^\d+$/), SyncToken: z.string(), MetaData: z.object({ CreateTime: z.string(), LastUpdatedTime: z.string() }) }),
      ),
    )
    .optional(),
});
const clockSchema = z.object({ advanceSeconds: z.number().positive() });
const tokenSchema = z.object({ clientId: z.string().min(1), realmId: z.string().min(1) });
const statusSchema = z.object({ TxnStatus: z.enum(['Pending', 'Accepted', 'Closed', 'Rejected', 'Converted']) });
const limitsSchema = z.object({ requestsPerMinute: z.number().int().positive().optional(), concurrentRequests: z.number().int().positive().optional() });
const entityBody = z.record(z.string(), z.unknown());
const mergeSchema = z.object({ intoId: z.string().regex(/^\d+$/) });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw Object.assign(new Error(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`), { status: 400 });
  }
  return result.data;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `/admin/*`: JSON in and out; QBO-side refusals keep their Fault so callers see what QBO would say. */
export function registerAdminRoutes(router: Router, admin: AdminControl, adminToken: string | undefined): void {
  const guard = async (ctx: Context, next: Next) => {
    if (adminToken) {
      const match = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'));
      if (!match || !sameToken(match[1]!, adminToken)) {
        ctx.status = 401;
        ctx.body = { error: 'admin token required' };
        return;
      }
    }
    try {
      await next();
    } catch (error) {
      if (error instanceof QboFault) {
        ctx.status = error.errors[0]?.code === '610' ? 404 : error.status;
        ctx.body = { error: error.message, fault: { Error: error.errors, type: error.type } };
      } else if (typeof (error as { status?: unknown }).status === 'number') {
        ctx.status = (error as { status: number }).status;
        ctx.body = { error: (error as Error).message };
      } else {
        throw error;
      }
    }
  };
  const body = (ctx: Context) => ctx.request.body as unknown;
  const param = (ctx: Context, name: string) => String(ctx.params[name]);

  router.get('/admin/companies', guard, (ctx) => {
    ctx.body = admin.companies();
  });
  router.post('/admin/companies', guard, (ctx) => {
    ctx.status = 201;
    ctx.body = admin.addCompany(parse(companySchema, body(ctx)));
  });
  router.delete('/admin/companies/:realmId', guard, (ctx) => {
    ctx.status = admin.removeCompany(param(ctx, 'realmId')) ? 204 : 404;
  });
  router.post('/admin/reset', guard, (ctx) => {
    ctx.body = admin.reset();
  });
  router.post('/admin/companies/:realmId/estimates/:id/status', guard, (ctx) => {
    const { TxnStatus } = parse(statusSchema, body(ctx));
    ctx.body = admin.setEstimateStatus(param(ctx, 'realmId'), param(ctx, 'id'), TxnStatus);
  });
  router.post('/admin/companies/:realmId/estimates/:id/convert', guard, (ctx) => {
    ctx.status = 201;
    ctx.body = admin.convertEstimate(param(ctx, 'realmId'), param(ctx, 'id'));
  });
  router.post('/admin/companies/:realmId/:entity', guard, (ctx) => {
    ctx.status = 201;
    ctx.body = admin.create(param(ctx, 'realmId'), param(ctx, 'entity'), parse(entityBody, body(ctx)));
  });
  router.post('/admin/companies/:realmId/:entity/:id/merge', guard, (ctx) => {
    const { intoId } = parse(mergeSchema, body(ctx));
    const { into, from } = admin.merge(param(ctx, 'realmId'), param(ctx, 'entity'), param(ctx, 'id'), intoId);
    ctx.body = { into, from };
  });
  router.patch('/admin/companies/:realmId/:entity/:id', guard, (ctx) => {
    ctx.body = admin.update(param(ctx, 'realmId'), param(ctx, 'entity'), param(ctx, 'id'), parse(entityBody, body(ctx)));
  });
  router.delete('/admin/companies/:realmId/:entity/:id', guard, (ctx) => {
    ctx.body = admin.delete(param(ctx, 'realmId'), param(ctx, 'entity'), param(ctx, 'id'));
  });
  router.post('/admin/faults', guard, (ctx) => {
    admin.injectFault(parse(faultSchema, body(ctx)));
    ctx.status = 204;
  });
  router.delete('/admin/faults', guard, (ctx) => {
    admin.clearFaults(typeof ctx.query.realmId === 'string' ? ctx.query.realmId : undefined);
    ctx.status = 204;
  });
  router.post('/admin/limits', guard, (ctx) => {
    admin.setLimits(parse(limitsSchema, body(ctx)));
    ctx.status = 204;
  });
  router.post('/admin/clock', guard, (ctx) => {
    const { advanceSeconds } = parse(clockSchema, body(ctx));
    ctx.body = { now: new Date(admin.advanceClock(advanceSeconds)).toISOString() };
  });
  router.post('/admin/tokens', guard, (ctx) => {
    const { clientId, realmId } = parse(tokenSchema, body(ctx));
    ctx.status = 201;
    ctx.body = admin.issueTokens(clientId, realmId);
  });
  router.post('/admin/tokens/expire', guard, (ctx) => {
    const realmId = (body(ctx) as { realmId?: unknown } | undefined)?.realmId;
    ctx.body = { expired: admin.expireTokens(typeof realmId === 'string' ? realmId : undefined) };
  });
  router.post('/admin/webhooks/flush', guard, async (ctx) => {
    await admin.flushWebhooks();
    ctx.status = 204;
  });
}
