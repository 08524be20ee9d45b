import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { qboResponseTime, type Clock } from '../clock.js';
import { definitionFor, type EntityDefinition } from '../entities/index.js';
import { parseQuery } from '../query/parser.js';
import { executeQuery } from '../query/execute.js';
import { recordJson } from '../store/entity-table.js';
import type { SandboxStore } from '../store/store.js';
import { changeDataCapture } from './cdc.js';
import { faults } from './faults.js';
import { apiGate, type ApiState, type GateDeps } from './gate.js';
import { faultHandler, sendJson } from './respond.js';

interface ApiDeps extends GateDeps {
  store: SandboxStore;
  logger: Logger;
}

const COMPANY = '/v3/company/:realmId';

function entityFrom(ctx: Context): EntityDefinition {
  const name = String(ctx.params.entity);
  const definition = definitionFor(name);
  if (!definition || definition.path !== name.toLowerCase()) {
    throw faults.unsupportedOperation(`could not find resource for entity ${name}`);
  }
  return definition;
}

/** The QBO Accounting API v3 surface the sandbox serves, under `/v3/company/{realmId}`. */
export function registerApiRoutes(router: Router, deps: ApiDeps): void {
  const { store, clock } = deps;
  const guard = [faultHandler(clock, deps.logger), apiGate(deps)];
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

  router.get(`${COMPANY}/:entity/:id`, ...guard, (ctx) => {
    const definition = entityFrom(ctx);
    const record = store.get(realmOf(ctx), definition.name, String(ctx.params.id));
    if (!record) throw faults.objectNotFound(definition.name, String(ctx.params.id));
    sendJson(ctx, 200, `{"${definition.name}":${recordJson(record)},${time(clock)}}`);
  });

  router.post(`${COMPANY}/:entity`, ...guard, (ctx) => {
    const definition = entityFrom(ctx);
    const body = ctx.request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw faults.malformedRequest('request body');
    const input = body as Record<string, unknown>;
    const realm = realmOf(ctx);
    const strict = { checkSyncToken: true };
    if (ctx.query.operation === 'delete') {
      const { Id } = store.delete(realm, definition.name, input, strict);
      sendJson(ctx, 200, `{"${definition.name}":{"status":"Deleted","domain":"QBO","Id":"${Id}"},${time(clock)}}`);
      return;
    }
    const hasId = input.Id !== undefined && input.Id !== null && input.Id !== '';
    const data = hasId
      ? store.update(realm, definition.name, input, input.sparse === true || input.sparse === 'true', strict)
      : store.create(realm, definition.name, input);
    sendJson(ctx, 200, `{"${definition.name}":${JSON.stringify(data)},${time(clock)}}`);
  });
}
