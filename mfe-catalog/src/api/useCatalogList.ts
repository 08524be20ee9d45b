import { useListPage, type ListPageQuery } from '@printpool/platform';

export type CatalogEntity = 'customers' | 'items';

export const catalogPath = (entity: CatalogEntity) => `/api/${entity}`;

/** One page of customers or items, searched, sorted and paged on the server. */
export function useCatalogList<T>(entity: CatalogEntity, query: ListPageQuery) {
  return useListPage<T>(catalogPath(entity), query);
}
