import { Tag } from '@printpool/ui';

/** completed: the default style; processing: secondary; anything else: outline. */
export function SalesOrderStatusTag({ status }: { status: string }) {
  if (status === 'completed') return <Tag color="default">{status}</Tag>;
  if (status === 'processing') return <Tag color="blue">{status}</Tag>;
  return <Tag variant="outlined">{status}</Tag>;
}
