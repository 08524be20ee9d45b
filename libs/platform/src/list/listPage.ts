import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/apiRequest.js';

/** How long a list's search box waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** One page of a list the API searches and pages itself (`?search=&limit=&offset=`). */
export interface ListPageQuery {
  search?: string;
  /** Counted from 1, as the table's pager counts. */
  page: number;
  pageSize: number;
  /** The list's own query parameters (`includeClosed`, `poType`), sent as they are. */
  filters?: Record<string, string>;
}

export interface ListPage<T> {
  rows: T[];
  /** Every row the search and filters match, from X-Total-Count. */
  total: number;
}

/** The search and filters of a list, without its page: what a CSV export selects. */
export function listSelectionParams({ search = '', filters = {} }: Pick<ListPageQuery, 'search' | 'filters'>): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  for (const [name, value] of Object.entries(filters)) params.set(name, value);
  return params;
}

export function listPageUrl(path: string, query: ListPageQuery): string {
  const { page, pageSize } = query;
  const params = listSelectionParams(query);
  params.set('limit', String(pageSize));
  params.set('offset', String((page - 1) * pageSize));
  return `${path}?${params}`;
}

type ListPageOptions<T, TData> = Omit<UseQueryOptions<ListPage<T>, Error, TData>, 'queryKey' | 'queryFn'>;

/**
 * The query of one list page, for `useListPage` and for code that must read a page outside
 * render (a form validator: `queryClient.fetchQuery(listPageQuery(path, query))`), sharing its cache.
 */
export function listPageQuery<T>(path: string, query: ListPageQuery) {
  return {
    queryKey: [path, query] as const,
    queryFn: async (): Promise<ListPage<T>> => {
      const response = await apiRequest('GET', listPageUrl(path, query));
      const rows = (await response.json()) as T[];
      const total = response.headers.get('X-Total-Count');
      return { rows, total: total === null ? rows.length : Number(total) };
    },
  };
}

/**
 * One page of a list. The key starts with the list's path, so invalidating [path] refreshes
 * every page and search of it; the page on screen stays there until the next one arrives.
 */
export function useListPage<T, TData = ListPage<T>>(path: string, query: ListPageQuery, options: ListPageOptions<T, TData> = {}) {
  return useQuery<ListPage<T>, Error, TData>({
    ...listPageQuery<T>(path, query),
    placeholderData: keepPreviousData,
    ...options,
  });
}
