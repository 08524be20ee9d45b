import type { DashboardStats } from '@printpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { RouterLinkButton } from '../../components/RouterLinkButton.js';

/** The Sales Orders list holding only the orders in conflict (libs/contracts orderLists.ts `syncStatus`). */
export const CONFLICTS_LIST = '/sales-orders?syncStatus=conflict';

/**
 * Orders the bookkeeper and the broker changed in the same field: nothing of theirs goes to
 * QuickBooks until the broker chooses (docs/quickbooks.md), so the dashboard says how many wait.
 */
export function QuickbooksConflicts() {
  const { data } = useQuery<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
  const count = data?.conflictSOs ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={count === 1 ? '1 sales order was changed in QuickBooks and in PrintPool' : `${count} sales orders were changed in QuickBooks and in PrintPool`}
      description="Both changed the same field. Nothing is written to QuickBooks for these orders until you choose which values to keep."
      action={
        <RouterLinkButton size="small" to={CONFLICTS_LIST}>
          Review
        </RouterLinkButton>
      }
    />
  );
}
