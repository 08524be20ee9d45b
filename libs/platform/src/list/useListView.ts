import { parseSort, sortParameterOf, type ListSort } from '@printpool/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListPageQuery } from './listPage.js';

/** The page sizes a list offers; the first is the one it opens with unless it names another. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListView {
  /** What the list asks the server for: the search, page, sort and the list's filters. */
  query: ListPageQuery;
  search: string;
  sort: ListSort | null;
  /** The list's filters that are set (or have a default), by name. */
  filters: Readonly<Record<string, string>>;
  setSearch(search: string): void;
  setFilter(name: string, value: string | null | undefined): void;
  /** Several filters in one change of the address (a switch that also clears the filter it hides). */
  setFilters(values: Readonly<Record<string, string | null | undefined>>): void;
  setSort(sort: ListSort | null): void;
  setPage(page: number, pageSize: number): void;
}

const NO_DEFAULTS: Readonly<Record<string, string>> = {};

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * A list page's view kept in the page's own address (`?search=&status=&sort=-createdAt&page=2`),
 * under the names the API takes (libs/contracts orderLists.ts): a link, a reload or Back shows
 * the same rows. A change of search, filter or sort goes back to the first page. The address is
 * replaced, not pushed, so typing a search leaves one history entry.
 */
export function useListView(filterNames: readonly string[], defaults: Readonly<Record<string, string>> = NO_DEFAULTS): ListView {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (values: Record<string, string | null | undefined>, keepPage = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const search = (params.get('search') ?? '').slice(0, 200);
  const sortParameter = params.get('sort') ?? undefined;
  const size = wholeNumber(params.get('pageSize'));
  // A list may open with more rows than the first choice (`defaults.pageSize`: the catalog's 50).
  const defaultSize = PAGE_SIZES.find((choice) => String(choice) === defaults.pageSize) ?? PAGE_SIZES[0];
  const pageSize = PAGE_SIZES.find((choice) => choice === size) ?? defaultSize;
  const page = Math.max(wholeNumber(params.get('page')) ?? 1, 1);
  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  // A filter at its default ('includeClosed=false') is left out of the address but sent to the API.
  const filters = useMemo(
    () =>
      Object.fromEntries(
        filterNames.flatMap((name) => {
          const value = params.get(name) ?? defaults[name];
          return value ? [[name, value]] : [];
        }),
      ),
    // filterKey says when they change: a new object on every render would refetch nothing but re-render every filter.
    [filterKey],
  );
  return {
    query: { search, page, pageSize, filters: sortParameter ? { ...filters, sort: sortParameter } : filters },
    search,
    sort: parseSort(sortParameter),
    filters,
    setSearch: useCallback((value: string) => change({ search: value.trim() }), [change]),
    setFilter: useCallback((name: string, value: string | null | undefined) => change({ [name]: value === defaults[name] ? null : value }), [change, defaults]),
    setFilters: useCallback(
      (values: Readonly<Record<string, string | null | undefined>>) =>
        change(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === defaults[name] ? null : value]))),
      [change, defaults],
    ),
    setSort: useCallback((sort: ListSort | null) => change({ sort: sortParameterOf(sort) }), [change]),
    setPage: useCallback(
      (nextPage: number, nextSize: number) =>
        change({ page: nextSize === pageSize && nextPage > 1 ? String(nextPage) : null, pageSize: nextSize === defaultSize ? null : String(nextSize) }, true),
      [change, pageSize, defaultSize],
    ),
  };
}
