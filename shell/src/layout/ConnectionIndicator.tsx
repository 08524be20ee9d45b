import { Badge } from 'antd';
import type { ConnectionState, QuickbooksStatus } from './quickbooks/useQuickbooksStatus.js';

const DOT = { connected: 'green', expired: 'orange', disconnected: 'default' } as const;

function connectionText(state: ConnectionState, status: QuickbooksStatus | undefined): string {
  const company = status?.companyName ?? 'QuickBooks';
  if (state === 'connected') return company;
  if (state === 'expired') return `${company} - Token expired`;
  return 'Not Connected to QB';
}

/** Green dot and company, amber dot and 'Token expired', or 'Not Connected to QB'. */
export function ConnectionIndicator({ state, status }: { state: ConnectionState; status: QuickbooksStatus | undefined }) {
  return (
    <Badge
      color={state === 'disconnected' ? undefined : DOT[state]}
      status={state === 'disconnected' ? 'default' : undefined}
      text={connectionText(state, status)}
      data-testid="connection-status"
      data-state={state}
    />
  );
}
