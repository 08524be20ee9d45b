import { useListPage, type ListPageQuery } from '@printpool/platform';

export type CatalogEntity = 'customers' | 'items';

/** One page of customers or items, searched and paged on the server. */
export function useCatalogList<T>(entity: CatalogEntity, query: ListPageQuery) {
  return useListPage<T>(`/api/${entity}`, query);
}
