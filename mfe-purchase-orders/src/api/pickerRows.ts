import { SEARCH_DEBOUNCE_MS, useDebouncedValue, useListPage, type ListPage } from '@printpool/platform';

/** What a picker shows of the records a search matches. */
export const PICKER_SIZE = 20;

const rowsOf = <T>(page: ListPage<T>) => page.rows;

/**
 * The first rows of a list route matching what the broker typed, searched by the server as they
 * type; keyed under the list's path, so what refreshes the list refreshes the picker.
 */
export function usePickerRows<T>(path: string, typed: string, filters?: Record<string, string>) {
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  return useListPage<T, T[]>(path, { search, page: 1, pageSize: PICKER_SIZE, filters }, { select: rowsOf });
}
