import type { Item } from '@printpool/contracts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@printpool/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A catalog item as GET /api/items answers it (libs/contracts inventoryCatalog.ts); qbId is the id PO lines carry. */
export type CatalogItem = Item;

export const catalogItemsPath = (search: string) => `/api/items?search=${encodeURIComponent(search)}&limit=20&offset=0`;

/** Catalog items matching what the broker typed; the platform's query function GETs the key's path. */
export function useCatalogItems(typed: string) {
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  return useQuery<CatalogItem[]>({ queryKey: [catalogItemsPath(search)], placeholderData: keepPreviousData });
}
