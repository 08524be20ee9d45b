import { PAGE_SIZES, type ListView } from '@printpool/platform';
import { ListTools } from './list/ListTools.js';
import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from './PagedTable.js';

export interface SearchablePagedTableProps<T> extends Omit<PagedTableProps<T>, 'pager' | 'sort' | 'onSortChange' | 'locale'> {
  /** The page's view, kept in its address (useListView): search, filters, sort, page and page size. */
  view: ListView;
  /** The list's API path: Export CSV reads `<path>/export.csv` with the same view. */
  path: string;
  /** What the list holds, plural and lower case ('pull tickets'): the search box's name, the export's words, the empty texts. */
  noun: string;
  searchPlaceholder?: string;
  /** The list's own filters, beside the search box. */
  filters?: ReactNode;
  /** Filters that only show more (Show Closed POs): set, they do not make an empty list a search without matches. */
  widening?: readonly string[];
  /** What an empty list says when nothing narrows it (default 'No <noun> found.'). */
  emptyText?: string;
  /** What the table says before the first page arrives (default: its spinner alone). */
  loadingText?: string;
}

/**
 * A list page's search box, filters, Export CSV and Print above its table paged, sorted and
 * searched on the server, all following the page's view (docs/architecture.md §6): every list
 * page is this one block, so they page, sort and say 'nothing matches' alike.
 */
export function SearchablePagedTable<T extends object>({
  view,
  path,
  noun,
  searchPlaceholder,
  filters,
  widening = [],
  emptyText = `No ${noun} found.`,
  loadingText,
  list,
  ...table
}: SearchablePagedTableProps<T>) {
  const narrowed = view.search !== '' || Object.keys(view.filters).some((name) => !widening.includes(name));
  return (
    <>
      <ListTools view={view} path={path} noun={noun} total={list?.total} searchPlaceholder={searchPlaceholder}>
        {filters}
      </ListTools>
      <PagedTable<T>
        {...table}
        list={list}
        pager={{ page: view.query.page, pageSize: view.query.pageSize, pageSizes: PAGE_SIZES, onChange: view.setPage }}
        sort={view.sort}
        onSortChange={view.setSort}
        locale={{ emptyText: list === undefined ? loadingText : narrowed ? `No ${noun} match your search.` : emptyText }}
      />
    </>
  );
}
