/**
 * The props of a select whose choices the server searches (the catalog's items, the vendors):
 * what the broker types is the search, never filtered again here, and the list says while it loads.
 */
export function serverSearchProps(typed: string, setTyped: (typed: string) => void, isFetching: boolean, nothingFound: string) {
  return {
    showSearch: { filterOption: false as const, onSearch: setTyped, searchValue: typed },
    loading: isFetching,
    notFoundContent: isFetching ? 'Loading...' : nothingFound,
  };
}
