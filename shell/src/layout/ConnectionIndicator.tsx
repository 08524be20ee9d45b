import { Badge } from 'antd';
import type { QuickbooksConnection } from '@printpool/contracts';
import type { ConnectionState } from './quickbooks/useQuickbooksStatus.js';

const DOT = { connected: 'green', expired: 'orange', disconnected: 'default' } as const;

function connectionText(state: ConnectionState, status: QuickbooksConnection | undefined): string {
  const company = status?.companyName ?? 'QuickBooks';
  if (state === 'connected') return company;
  if (state === 'expired') return `${company} - Token expired`;
  return 'Not Connected to QB';
}

interface Props {
  state: ConnectionState;
  status: QuickbooksConnection | undefined;
  isLoading: boolean;
}

/** Green dot and company, amber dot and 'Token expired', or 'Not Connected to QB'. */
export function ConnectionIndicator({ state, status, isLoading }: Props) {
  // Until the status is known, claiming 'Not Connected' would be wrong for a connected broker.
  if (isLoading) return <Badge status="processing" text="Checking connection..." data-testid="connection-status" data-state="loading" />;
  return (
    <Badge
      // 'Harbor Print Partners - Token expired' wraps inside the sidebar rather than running past it.
      style={{ whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start' }}
      color={state === 'disconnected' ? undefined : DOT[state]}
      status={state === 'disconnected' ? 'default' : undefined}
      text={connectionText(state, status)}
      data-testid="connection-status"
      data-state={state}
    />
  );
}
