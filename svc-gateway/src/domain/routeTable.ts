import { pathProblem } from './requestPath.js';

export type ServiceName = 'inventory' | 'sync' | 'documents';

export interface RouteEntry {
  /** Path pattern: literal segments, `:param` for one segment, a trailing `*` for any rest (or none). */
  path: string;
  service: ServiceName;
  /** Reachable without a session (OAuth callbacks, signed webhooks): forwarded with no internal token. */
  public?: boolean;
}

/**
 * Who serves which `/api/*` path (docs/architecture.md §2). The first matching entry wins, so the
 * documents and sync exceptions come before inventory's broad prefixes.
 * `/api/dashboard/stats` is answered by inventory, which holds every count the dashboard shows.
 */
export const DEFAULT_ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/api/quickbooks/callback', service: 'sync', public: true },
  { path: '/api/quickbooks/webhook', service: 'sync', public: true },
  { path: '/api/quickbooks/*', service: 'sync' },
  { path: '/api/sync/*', service: 'sync' },
  { path: '/api/sales-orders/:id/sync', service: 'sync' },
  { path: '/api/sales-orders/:id/reject-estimate', service: 'sync' },
  { path: '/api/purchase-orders/:id/receipts/:receiptId/write-back', service: 'sync' },
  { path: '/api/customers/:id/inventory/:itemId/reorder-estimate', service: 'sync' },

  { path: '/api/pull-tickets/:id/pdf', service: 'documents' },
  { path: '/api/pull-tickets/:id/email', service: 'documents' },
  { path: '/api/sales-orders/:id/pdf', service: 'documents' },
  { path: '/api/sales-orders/:id/send-estimate', service: 'documents' },
  { path: '/api/purchase-orders/:id/pdf', service: 'documents' },
  { path: '/api/customers/:id/statement.pdf', service: 'documents' },
  { path: '/api/customers/:id/statement/email', service: 'documents' },
  { path: '/api/customers/:id/statement/schedule', service: 'documents' },
  { path: '/api/email-logs*', service: 'documents' },
  { path: '/api/attachments*', service: 'documents' },

  { path: '/api/purchase-orders*', service: 'inventory' },
  { path: '/api/vendors/:vendorName/program-defaults', service: 'inventory' },
  { path: '/api/vendors', service: 'inventory' },
  { path: '/api/vendors/export.csv', service: 'inventory' },
  { path: '/api/sales-orders*', service: 'inventory' },
  { path: '/api/pull-tickets*', service: 'inventory' },
  { path: '/api/items*', service: 'inventory' },
  { path: '/api/customers*', service: 'inventory' },
  { path: '/api/dashboard/stats', service: 'inventory' },
  { path: '/api/dashboard/programs', service: 'inventory' },
  { path: '/api/inventory/alerts*', service: 'inventory' },
];

interface CompiledEntry {
  entry: RouteEntry;
  parts: string[];
  wildcard: boolean;
}

// Every forwarded request resolves its route more than once; a table's patterns are split once, not per request.
const compiledTables = new WeakMap<readonly RouteEntry[], CompiledEntry[]>();

function compile(table: readonly RouteEntry[]): CompiledEntry[] {
  let compiled = compiledTables.get(table);
  if (!compiled) {
    compiled = table.map((entry) => {
      const wildcard = entry.path.endsWith('*');
      return { entry, wildcard, parts: splitPath(wildcard ? entry.path.slice(0, -1) : entry.path) };
    });
    compiledTables.set(table, compiled);
  }
  return compiled;
}

/**
 * The entry that serves `path`, or null. Only a path in normal form resolves (domain/requestPath.ts):
 * one that could be read as another path never reaches a service.
 */
export function resolveRoute(table: readonly RouteEntry[], path: string): RouteEntry | null {
  if (pathProblem(path)) return null;
  const segments = splitPath(path);
  return compile(table).find((compiled) => matches(compiled, segments))?.entry ?? null;
}

function matches({ parts, wildcard }: CompiledEntry, segments: string[]): boolean {
  if (wildcard ? segments.length < parts.length : segments.length !== parts.length) return false;
  return parts.every((part, i) => part.startsWith(':') || part === segments[i]);
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}
