import { Table, type TableProps } from 'antd';

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'scroll'> {
  /** What the table lists, for screen readers ('Purchase orders'). */
  label: string;
  /** The page on screen as the server sent it, with how many rows match in all. */
  list: { rows: T[]; total: number } | undefined;
  pager: { page: number; pageSize: number; onChange: (page: number) => void };
}

/** A list page's table when the server pages the list: the pager asks for one page at a time. */
export function PagedTable<T extends object>({ label, list, pager, ...table }: Props<T>) {
  return (
    // Wider than a phone, the table scrolls inside this region, which the keyboard can reach
    // and scroll too (antd's own scroll box cannot take focus).
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table<T>
        rowKey="id"
        {...table}
        dataSource={list?.rows ?? []}
        // Before the first page arrives there is nothing to call empty: the list's own loading
        // text if it has one ('Loading purchase orders...'), otherwise the spinner alone.
        {...(list ? {} : { locale: { ...table.locale, emptyText: table.locale?.emptyText ?? <span /> } })}
        pagination={{ current: pager.page, pageSize: pager.pageSize, total: list?.total ?? 0, showSizeChanger: false, onChange: pager.onChange }}
      />
    </div>
  );
}
