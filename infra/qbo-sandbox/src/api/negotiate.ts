import type { Context, Next } from 'koa';
import { intuitXml } from './xml.js';

/**
 * QBO answers in XML unless the client asks for JSON: no Accept header, `application/xml`
 * or `*\/*` get XML, and JSON only when the client prefers `application/json`.
 */
export function wantsXml(ctx: Context): boolean {
  if (!ctx.get('accept')) return true;
  return ctx.accepts('application/xml', 'application/json') !== 'application/json';
}

/**
 * Handlers build JSON (the cheap path every JSON client takes); for an XML client the
 * answer, faults included, is rewritten as an `IntuitResponse` document on its way out.
 */
export function negotiateFormat() {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (typeof ctx.body !== 'string' || !ctx.response.is('json') || !wantsXml(ctx)) return;
    ctx.body = intuitXml(JSON.parse(ctx.body));
    ctx.type = 'application/xml;charset=UTF-8';
  };
}
