import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** Koa reads a repeated parameter (`?limit=5&limit=9`) as an array: the first value counts. */
const firstValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A count of rows clamped into [min, max]; absent or not digits, the fallback: a table clamps what it is given rather than refusing it. */
function clampedCount(fallback: number, min: number, max: number) {
  return z
    .preprocess((value) => {
      const raw = firstValue(value);
      return typeof raw === 'string' && /^\d+$/.test(raw) ? Math.min(Math.max(Number.parseInt(raw, 10), min), max) : fallback;
    }, z.number().int().min(min).max(max))
    .default(fallback);
}

/**
 * `?search=&limit=&offset=` of every list of svc-inventory. Lists are paged on the server
 * (100,000 rows must answer fast, docs/product.md §2); a blank search searches nothing.
 */
export const ListPagingQuerySchema = z.object({
  search: z
    .preprocess((value) => {
      const raw = firstValue(value);
      return typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
    }, z.string().optional())
    .transform((value) => value ?? null)
    .meta({ description: "Part of what the list is searched by; the list's filters say which columns" }),
  limit: clampedCount(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE).meta({ description: `Rows of the page, clamped to 1–${MAX_PAGE_SIZE}` }),
  offset: clampedCount(0, 0, Number.MAX_SAFE_INTEGER).meta({ description: 'Rows before the page' }),
});

/** A record's id in a path; anything but digits names no record and answers 404, as another tenant's id does (svc-inventory/src/routes/params.ts). */
export const RecordIdSchema = z.object({ id: z.string().regex(/^\d{1,15}$/) });

export interface ListContract {
  /** The list's path as its router declares it: `/api/sales-orders`. */
  path: string;
  tags: readonly string[];
  /** What the rows are, for the summaries: 'sales orders'. */
  rows: string;
  /** The list's own query parameters (orderLists.ts). */
  filters: z.ZodObject;
  row: z.ZodType;
}

/**
 * A list's two routes (svc-inventory/src/routes/listRoutes.ts): `GET <path>` answers a page,
 * the total in X-Total-Count, and `GET <path>/export.csv` every row the same search and filters
 * select, for a spreadsheet.
 */
export function listContracts<const P extends string, R extends z.ZodType>({ path, tags, rows, filters, row }: ListContract & { path: P; row: R }) {
  return [
    {
      method: 'get',
      path,
      caller: 'browser',
      tags,
      summary: `A page of the tenant's ${rows}, searched, filtered and sorted`,
      query: filters.safeExtend(ListPagingQuerySchema.shape),
      responses: {
        200: { description: `The page's ${rows}`, body: z.array(row), headers: { 'X-Total-Count': 'How many rows the search and filters select in all' } },
      },
    },
    {
      method: 'get',
      path: `${path}/export.csv` as `${P}/export.csv`,
      caller: 'browser',
      tags,
      summary: `Every one of the tenant's ${rows} the search and filters select, as CSV`,
      query: filters.safeExtend(ListPagingQuerySchema.pick({ search: true }).shape),
      responses: {
        200: {
          description: 'UTF-8 CSV with a byte order mark, streamed; gzip-compressed when the browser takes it',
          contentType: 'text/csv',
          headers: { 'Content-Disposition': 'attachment; filename="<list>-<YYYY-MM-DD>.csv"' },
        },
      },
    },
  ] as const satisfies readonly RouteContract[];
}

export type ListPagingQuery = z.output<typeof ListPagingQuerySchema>;
