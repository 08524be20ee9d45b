import { apiRequest } from '@printpool/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type CatalogEntity = 'customers' | 'items';

export interface CatalogPageQuery {
  search: string;
  page: number;
  pageSize: number;
}

export interface CatalogPage<T> {
  rows: T[];
  /** All rows matching the search, from X-Total-Count. */
  total: number;
}

/** The list's URL: the API searches and pages on the server (`?search=&limit=&offset=`). */
export function catalogListUrl(entity: CatalogEntity, { search, page, pageSize }: CatalogPageQuery): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  params.set('limit', String(pageSize));
  params.set('offset', String((page - 1) * pageSize));
  return `/api/${entity}?${params}`;
}

/**
 * One page of customers or items. The key starts with the list's path, so invalidating
 * ['/api/customers'] refreshes every page and search of it.
 */
export function useCatalogList<T>(entity: CatalogEntity, query: CatalogPageQuery) {
  return useQuery<CatalogPage<T>>({
    queryKey: [`/api/${entity}`, query],
    queryFn: async () => {
      const response = await apiRequest('GET', catalogListUrl(entity, query));
      const rows = (await response.json()) as T[];
      const total = response.headers.get('X-Total-Count');
      return { rows, total: total === null ? rows.length : Number(total) };
    },
    placeholderData: keepPreviousData,
  });
}
