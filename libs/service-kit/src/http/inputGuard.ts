import type { Middleware } from 'koa';
import { invalidField } from './errors.js';

/** Deeper than any body PrintPool accepts; deep enough that nothing real is refused. */
export const MAX_JSON_DEPTH = 32;
/** No single text PrintPool keeps is longer (a message body is far shorter); schemas set tighter limits per field. */
export const MAX_STRING_LENGTH = 100_000;

/** Keys that would reach an object's prototype once copied with Object.assign or a spread. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored as it is, or null. PostgreSQL refuses NUL in text, and JSON an unpaired surrogate. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (UNPAIRED_SURROGATE.test(value)) return 'must be valid Unicode text (an unpaired surrogate was found)';
  if (value.length > MAX_STRING_LENGTH) return `must be at most ${MAX_STRING_LENGTH} characters`;
  return null;
}

/**
 * Refuses what no schema should have to think of, for every route of a service, before any
 * handler runs (so before any query or side effect): texts PostgreSQL or JSON cannot hold,
 * nesting deeper than MAX_JSON_DEPTH, prototype keys, and a path whose parameters decode to
 * NUL. Each answer is a 400 naming the field. The walk keeps its own stack, so a hostile depth
 * cannot overflow the call stack.
 */
export function inputGuard(): Middleware {
  return async (ctx, next) => {
    checkPath(ctx.path);
    check((ctx.request as { body?: unknown }).body, '(body)');
    check(ctx.query, '(query)');
    await next();
  };
}

function checkPath(path: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw invalidField('(path)', 'is not valid percent-encoding');
  }
  const problem = textProblem(decoded);
  if (problem) throw invalidField('(path)', problem);
}

function check(root: unknown, rootName: string): void {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: root, field: rootName, depth: 0 }];
  while (pending.length > 0) {
    const { value, field, depth } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) throw invalidField(field, problem);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw invalidField(field, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      const name = field === rootName ? key : `${field}.${key}`;
      if (!Array.isArray(value)) {
        if (PROTOTYPE_KEYS.has(key)) throw invalidField(name, 'is not an accepted field name');
        const problem = textProblem(key);
        if (problem) throw invalidField(name, `field name ${problem}`);
      }
      pending.push({ value: item, field: name, depth: depth + 1 });
    }
  }
}
