export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface ListQuery {
  search: string | null;
  limit: number;
  offset: number;
}

function intParam(value: unknown, fallback: number, min: number, max: number): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : fallback;
  return Math.min(Math.max(n, min), max);
}

/**
 * `?search=&limit=&offset=` of a list route. Lists are paged on the server (100,000 rows
 * must answer fast); out-of-range values are clamped rather than refused, as a table does.
 */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const rawSearch = Array.isArray(query.search) ? query.search[0] : query.search;
  const search = typeof rawSearch === 'string' && rawSearch.trim() ? rawSearch.trim() : null;
  return {
    search,
    limit: intParam(query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    offset: intParam(query.offset, 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** A LIKE pattern matching `term` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
