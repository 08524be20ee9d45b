import type { ListSort } from '@printpool/domain';
import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface.js';

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'scroll' | 'onChange'> {
  /** What the table lists, for screen readers ('Purchase orders'). */
  label: string;
  /** The page on screen as the server sent it, with how many rows match in all. */
  list: { rows: T[]; total: number } | undefined;
  pager: { page: number; pageSize: number; pageSizes?: readonly number[]; onChange: (page: number, pageSize: number) => void };
  /** The column the server sorts by: columns with `sorter: true` sort by their `key`. */
  sort?: ListSort | null;
  onSortChange?: (sort: ListSort | null) => void;
}

const ORDER = { asc: 'ascend', desc: 'descend' } as const;

/** A list page's table when the server pages (and sorts) the list: the pager asks for one page at a time. */
export function PagedTable<T extends object>({ label, list, pager, sort = null, onSortChange, columns = [], ...table }: PagedTableProps<T>) {
  return (
    // Wider than a phone, the table scrolls inside this region, which the keyboard can reach
    // and scroll too (antd's own scroll box cannot take focus).
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table<T>
        rowKey="id"
        {...table}
        columns={columns.map((column) => (column.sorter ? { ...column, sortOrder: sort && sort.key === column.key ? ORDER[sort.direction] : null } : column))}
        dataSource={list?.rows ?? []}
        // Before the first page arrives there is nothing to call empty: the list's own loading
        // text if it has one ('Loading purchase orders...'), otherwise the spinner alone.
        {...(list ? {} : { locale: { ...table.locale, emptyText: table.locale?.emptyText ?? <span /> } })}
        pagination={{
          current: pager.page,
          pageSize: pager.pageSize,
          total: list?.total ?? 0,
          // Named ids: antd's own are one fixed id in tests, which gives a dialog opened over the table the wrong name.
          showSizeChanger: pager.pageSizes ? { 'aria-label': `${label}: rows per page`, id: `${label.toLowerCase().replace(/\W+/g, '-')}-page-size` } : false,
          pageSizeOptions: pager.pageSizes?.map(String),
          onChange: pager.onChange,
        }}
        onChange={(_pagination, _filters, sorter, { action }) => {
          if (action !== 'sort' || !onSortChange) return;
          const { columnKey, order } = sorter as SorterResult<T>;
          onSortChange(order && columnKey ? { key: String(columnKey), direction: order === 'ascend' ? 'asc' : 'desc' } : null);
        }}
      />
    </div>
  );
}
