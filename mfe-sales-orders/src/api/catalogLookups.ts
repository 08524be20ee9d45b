import type { Customer, Item } from '@printpool/contracts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@printpool/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** As many suggestions as a dropdown shows without scrolling far. */
const SUGGESTIONS = 20;

/** A synced customer as GET /api/customers answers it (libs/contracts inventoryCatalog.ts). */
export type CustomerSuggestion = Customer;

/** A catalog item as GET /api/items answers it (libs/contracts inventoryCatalog.ts); qbId is the id order lines carry. */
export type CatalogItem = Item;

export const customerSuggestionsPath = (search: string) => `/api/customers?search=${encodeURIComponent(search)}&limit=${SUGGESTIONS}&offset=0`;
export const catalogItemsPath = (search: string) => `/api/items?search=${encodeURIComponent(search)}&limit=${SUGGESTIONS}&offset=0`;

function useSuggestions<T>(path: (search: string) => string, typed: string) {
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // The platform's query function GETs the key's path.
  return useQuery<T[]>({ queryKey: [path(search)], placeholderData: keepPreviousData });
}

/** Synced customers matching what the broker typed in the customer field. */
export function useCustomerSuggestions(typed: string) {
  return useSuggestions<CustomerSuggestion>(customerSuggestionsPath, typed);
}

/** Catalog items matching what the broker typed in the item picker. */
export function useCatalogItems(typed: string) {
  return useSuggestions<CatalogItem>(catalogItemsPath, typed);
}
