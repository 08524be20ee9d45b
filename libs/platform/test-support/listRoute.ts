import type { Route } from './apiServer.js';

/** A list API's answer: one page of rows, and in X-Total-Count how many rows match in all. */
export function listRoute(rows: unknown[], total = rows.length): Route {
  return { status: 200, body: JSON.stringify(rows), headers: { 'X-Total-Count': String(total) } };
}
