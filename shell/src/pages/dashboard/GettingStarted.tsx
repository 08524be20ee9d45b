import { useAuth, useCan } from '@printpool/platform';
import { Alert, Button } from 'antd';
import { useLatestSyncRun } from '../../components/syncProgress/useLatestSyncRun.js';
import { useQuickbooksActions } from '../../layout/quickbooks/useQuickbooksActions.js';
import { useQuickbooksStatus } from '../../layout/quickbooks/useQuickbooksStatus.js';

/**
 * The next step while the dashboard has nothing to show yet: connect QuickBooks (docs/product.md
 * §2, setup: "connect from the Dashboard with the Connect button"), renew an expired connection, or run the
 * first sync, whose progress the sidebar shows. Once data has been synced it says nothing. A
 * member whose role may not take the step reads the state without its button (docs/product.md §6).
 */
export function GettingStarted({ navigate }: { navigate?: (url: string) => void }) {
  const { status, state, isLoading } = useQuickbooksStatus();
  const run = useLatestSyncRun();
  const { connect, refreshToken, startSync, sync } = useQuickbooksActions(status, navigate);
  const { isLoading: authLoading } = useAuth();
  const canSync = useCan('staff');
  const canConnect = useCan('owner');
  if (isLoading || authLoading) return null;
  const style = { marginBottom: 16 };
  if (state === 'disconnected') {
    return (
      <Alert
        type="info"
        showIcon
        style={style}
        title="Connect QuickBooks to get started"
        description="PrintPool reads your customers, items, purchase orders and estimates from QuickBooks. Connect your company, then sync its data."
        action={
          canConnect && (
            <Button type="primary" onClick={() => connect.mutate()} loading={connect.isPending}>
              Connect
            </Button>
          )
        }
      />
    );
  }
  if (state === 'expired') {
    return (
      <Alert
        type="warning"
        showIcon
        style={style}
        title="Your QuickBooks connection has expired"
        description="Refresh the token to go on syncing; QuickBooks may ask you to approve the connection again."
        action={
          canConnect && (
            <Button onClick={() => refreshToken.mutate()} loading={refreshToken.isPending}>
              Refresh Token
            </Button>
          )
        }
      />
    );
  }
  if (run === null) {
    return (
      <Alert
        type="info"
        showIcon
        style={style}
        title={`Connected to ${status?.companyName ?? 'QuickBooks'}`}
        description="Sync Data brings in your customers, items, purchase orders and estimates; its progress shows in the sidebar."
        action={
          canSync && (
            <Button type="primary" onClick={startSync} loading={sync.isPending}>
              Sync Data
            </Button>
          )
        }
      />
    );
  }
  return null;
}
