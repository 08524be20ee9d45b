import { Tag } from '@printpool/ui';

/** completed: the default style; processing: secondary; active: highlighted; anything else: outline. */
export function SalesOrderStatusTag({ status }: { status: string }) {
  if (status === 'completed') return <Tag color="default">{status}</Tag>;
  if (status === 'processing') return <Tag color="blue">{status}</Tag>;
  if (status === 'active') return <Tag color="green" variant="solid">{status}</Tag>;
  return <Tag variant="outlined">{status}</Tag>;
}
