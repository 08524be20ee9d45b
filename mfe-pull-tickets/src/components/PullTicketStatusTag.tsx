import { Tag } from '@printpool/ui';

/** One colour per stage, from waiting (gold) through moving (blue, purple, cyan) to done (green) or stopped (red). */
const COLOR: Record<string, string> = {
  pending: 'gold',
  sent: 'blue',
  processing: 'purple',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'red',
};

export function PullTicketStatusTag({ status }: { status: string }) {
  return <Tag color={COLOR[status] ?? 'default'}>{status}</Tag>;
}
