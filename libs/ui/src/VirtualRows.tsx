import virtualList, { type ListRef } from '@rc-component/virtual-list';
import type { Key, ReactNode, Ref } from 'react';

// The build reads the package's ES modules; Jest runs its CommonJS build, whose exports object
// comes as the default, the list under its `default`.
const List = ((virtualList as unknown as { default?: typeof virtualList }).default ?? virtualList) as typeof virtualList;

export type VirtualRowsRef = ListRef;

interface Props<T> {
  items: readonly T[];
  rowKey: (item: T) => Key;
  /** The most the rows take on screen; fewer rows take only their own height. */
  height: number;
  /** A row's usual height, which places the rows not drawn yet; each drawn row is measured. */
  rowHeight: number;
  children: (item: T, index: number) => ReactNode;
  ref?: Ref<VirtualRowsRef>;
}

/**
 * A long list of form rows of which only those in view are drawn: a 500-line order mounts a
 * dozen rows, not 500. It is antd's own virtual list (`@rc-component/virtual-list`, what Select
 * and Table's `virtual` use), with a row's own height measured, so a row that shows a field's
 * error grows. Tab reaches every row: one row beyond each edge is drawn too, and focusing it
 * scrolls it into view, which draws the next.
 */
export function VirtualRows<T>({ items, rowKey, height, rowHeight, children, ref }: Props<T>) {
  return (
    // Not `fullHeight`: a short list takes its own height, not the box's.
    <List<T> data={items as T[]} itemKey={rowKey} height={height} itemHeight={rowHeight} fullHeight={false} ref={ref}>
      {(item, index) => <div>{children(item, index)}</div>}
    </List>
  );
}
