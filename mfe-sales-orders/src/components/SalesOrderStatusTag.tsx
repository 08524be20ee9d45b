import { Tag } from '@printpool/ui';

/**
 * completed: the default style; processing: secondary; anything else: outline (docs/product.md §2, Dashboard).
 * `highlightActive` (the order's details and the list) shows an active order highlighted, in
 * green text on a light ground: white on solid green would be below contrast AA (2.3 : 1).
 */
export function SalesOrderStatusTag({ status, highlightActive = false }: { status: string; highlightActive?: boolean }) {
  if (status === 'completed') return <Tag color="default">{status}</Tag>;
  if (status === 'processing') return <Tag color="blue">{status}</Tag>;
  if (status === 'active' && highlightActive) return <Tag color="green">{status}</Tag>;
  return <Tag variant="outlined">{status}</Tag>;
}
