import { theme } from 'antd';
import type { ReactNode } from 'react';

export interface SimpleColumn<T> {
  title: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

interface Props<T> {
  /** What the table lists, for screen readers ('Bulk purchase orders'). */
  label: string;
  columns: SimpleColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
}

/**
 * A plain table for dashboard cards: no paging or sorting, so it costs nothing to load. On a
 * screen narrower than its columns it scrolls sideways inside its card, never the page.
 */
export function SimpleTable<T>({ label, columns, rows, rowKey, empty }: Props<T>) {
  const { token } = theme.useToken();
  if (rows.length === 0) return <>{empty}</>;
  const cell = { padding: '8px', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    // A region that scrolls must be reachable by keyboard to be scrolled without a mouse.
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSizeSM }}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.title} scope="col" style={{ ...cell, textAlign: column.align ?? 'left', color: token.colorTextSecondary, fontWeight: 500 }}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.title} style={{ ...cell, textAlign: column.align ?? 'left' }}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
