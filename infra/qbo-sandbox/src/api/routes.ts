import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { qboDateTime, qboResponseTime, type Clock } from '../clock.js';
import { definitionFor, type EntityDefinition } from '../entities/index.js';
import { parseQuery } from '../query/parser.js';
import { executeQuery } from '../query/execute.js';
import { recordJson } from '../store/entity-table.js';
import type { SandboxStore } from '../store/store.js';
import { salesDocumentPdf } from '../documents/salesDocumentPdf.js';
import { runBatch } from './batch.js';
import { batchThrottle } from './batch-limit.js';
import { refuseUnparsedBody } from './body.js';
import { changeDataCapture } from './cdc.js';
import { faults } from './faults.js';
import { apiGate, type ApiState, type GateDeps } from './gate.js';
import { negotiateFormat } from './negotiate.js';
import { RequestIdLog } from './request-ids.js';
import { faultHandler, sendJson } from './respond.js';
import { applyWrite, operationOf } from './write.js';

interface ApiDeps extends GateDeps {
  store: SandboxStore;
  logger: Logger;
}

const COMPANY = '/v3/company/:realmId';

/** QBO has no resource at this path: reads get a SystemFault, writes an Unsupported Operation. */
function unknownResource(ctx: Context) {
  const relative = ctx.path;
  return ctx.method === 'GET' || ctx.method === 'HEAD' ? faults.unknownResourceRead(relative, ctx.href) : faults.unknownResourceWrite(relative, ctx.href);
}

function entityFrom(ctx: Context): EntityDefinition {
  const name = String(ctx.params.entity);
  const definition = definitionFor(name);
  if (!definition || definition.path !== name.toLowerCase()) throw unknownResource(ctx);
  return definition;
}

/** The QBO Accounting API v3 surface the sandbox serves, under `/v3/company/{realmId}`. */
export function registerApiRoutes(router: Router, deps: ApiDeps): void {
  const { store, clock } = deps;
  const format = negotiateFormat();
  const faultsOut = faultHandler(clock, deps.logger);
  const guard = [format, faultsOut, apiGate(deps), refuseUnparsedBody];
  const once = new RequestIdLog().middleware();
  const time = (c: Clock) => `"time":"${qboResponseTime(c.now())}"`;
  const realmOf = (ctx: Context) => (ctx.state as ApiState).realm;

  const query = (ctx: Context) => {
    const fromUrl = ctx.query.query;
    const text = typeof fromUrl === 'string' ? fromUrl : typeof ctx.request.body === 'string' ? ctx.request.body : '';
    const result = executeQuery(realmOf(ctx), parseQuery(text));
    sendJson(ctx, 200, `{"QueryResponse":${result},${time(clock)}}`);
  };
  router.get(`${COMPANY}/query`, ...guard, query);
  router.post(`${COMPANY}/query`, ...guard, query);

  router.get(`${COMPANY}/companyinfo/:id`, ...guard, (ctx) => {
    const realm = realmOf(ctx);
    if (ctx.params.id !== realm.realmId && ctx.params.id !== realm.companyInfo.Id) throw faults.objectNotFound('CompanyInfo', String(ctx.params.id));
    sendJson(ctx, 200, `{"CompanyInfo":${JSON.stringify(realm.companyInfo)},${time(clock)}}`);
  });

  router.get(`${COMPANY}/cdc`, ...guard, (ctx) => {
    const entities = typeof ctx.query.entities === 'string' ? ctx.query.entities : '';
    const changedSince = typeof ctx.query.changedSince === 'string' ? ctx.query.changedSince : '';
    const body = changeDataCapture(realmOf(ctx), entities, changedSince, clock.now());
    sendJson(ctx, 200, `{"CDCResponse":${body},${time(clock)}}`);
  });

  // Before `POST /:entity`, which would take `batch` for an entity name.
  router.post(`${COMPANY}/batch`, ...guard, batchThrottle(clock), once, (ctx) => {
    sendJson(ctx, 200, `{"BatchItemResponse":${runBatch(store, realmOf(ctx), ctx.request.body)},${time(clock)}}`);
  });

  // Estimates and invoices as QBO prints them, and QBO's "send" of either (EmailStatus, DeliveryInfo).
  for (const [path, entity] of [
    ['estimate', 'Estimate'],
    ['invoice', 'Invoice'],
  ] as const) {
    // A PDF (faults stay JSON or XML).
    router.get(`${COMPANY}/${path}/:id/pdf`, ...guard, (ctx) => {
      const realm = realmOf(ctx);
      const record = store.get(realm, entity, String(ctx.params.id));
      if (!record) throw faults.objectNotFound(entity, String(ctx.params.id));
      ctx.status = 200;
      ctx.type = 'application/pdf';
      ctx.body = salesDocumentPdf(entity, record.data, realm.companyInfo);
    });

    // E-mails the PDF to `sendTo` (else its BillEmail): EmailStatus EmailSent, DeliveryInfo, a new SyncToken.
    router.post(`${COMPANY}/${path}/:id/send`, ...guard, once, (ctx) => {
      const realm = realmOf(ctx);
      const id = String(ctx.params.id);
      const record = store.get(realm, entity, id);
      if (!record) throw faults.objectNotFound(entity, id);
      const sendTo = typeof ctx.query.sendTo === 'string' ? ctx.query.sendTo.trim() : '';
      const to = sendTo || ((record.data.BillEmail as { Address?: string } | undefined)?.Address ?? '');
      if (!to) throw faults.requiredParam('BillEmail');
      if (!to.split(/[,;]/).every((address) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim()))) {
        throw faults.businessValidation(`Invalid email address ${to}`, 'sendTo');
      }
      const changes: Record<string, unknown> = {
        Id: id,
        EmailStatus: 'EmailSent',
        DeliveryInfo: { DeliveryType: 'Email', DeliveryTime: qboDateTime(clock.now()) },
        ...(sendTo ? { BillEmail: { Address: sendTo } } : {}),
      };
      const data = store.update(realm, entity, changes, true, { checkSyncToken: false });
      sendJson(ctx, 200, `{"${entity}":${JSON.stringify(data)},${time(clock)}}`);
    });
  }

  router.get(`${COMPANY}/:entity/:id`, ...guard, (ctx) => {
    const definition = entityFrom(ctx);
    const record = store.get(realmOf(ctx), definition.name, String(ctx.params.id));
    if (!record) throw faults.objectNotFound(definition.name, String(ctx.params.id));
    sendJson(ctx, 200, `{"${definition.name}":${recordJson(record)},${time(clock)}}`);
  });

  router.post(`${COMPANY}/:entity`, ...guard, once, (ctx) => {
    const definition = entityFrom(ctx);
    const body = ctx.request.body;
    const data = applyWrite(store, realmOf(ctx), definition, body, operationOf(ctx.query.operation, body));
    sendJson(ctx, 200, `{"${definition.name}":${data},${time(clock)}}`);
  });

  // Anything else under the API answers Intuit's Fault (after the token check, as at Intuit)
  // rather than the web server's plain-text 404.
  const unknown = (ctx: Context) => {
    throw unknownResource(ctx);
  };
  router.all(`${COMPANY}/*rest`, ...guard, unknown);
  router.all('/v3{/*rest}', format, faultsOut, unknown);
}
