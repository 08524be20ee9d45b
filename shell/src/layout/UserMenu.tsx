import { LogoutOutlined, ReloadOutlined, LinkOutlined, SyncOutlined, UserOutlined } from '@ant-design/icons';
import { navigateBrowser, useAuth, useCan } from '@printpool/platform';
import { VisuallyHidden } from '@printpool/ui';
import { MenuButton, type MenuProps } from '@printpool/ui/menu';
import { Avatar, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ConnectionIndicator } from './ConnectionIndicator.js';
import { useQuickbooksActions } from './quickbooks/useQuickbooksActions.js';
import { useQuickbooksStatus } from './quickbooks/useQuickbooksStatus.js';
import type { User } from '@printpool/contracts';

const LOGOUT_PATH = '/api/logout';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** A menu entry for a QuickBooks action: named for what it is doing while under way, and not offered twice meanwhile. */
function actionItem(key: string, icon: ReactNode, label: string, pendingLabel: string, pending: boolean, onClick: () => void): MenuItem {
  return { key, icon, label: pending ? pendingLabel : label, disabled: pending, onClick };
}

function displayName(user: User | null): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return name || user?.email || 'User';
}

/** Sidebar footer: who is signed in, the QuickBooks connection, and the actions it and the member's role allow (docs/product.md §6). */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user } = useAuth();
  const { status, state, isLoading } = useQuickbooksStatus();
  const { sync, startSync, connect, reconnect, refreshToken } = useQuickbooksActions(status);
  const canSync = useCan('staff');
  const canConnect = useCan('owner');

  const refreshItem = actionItem('refresh', <ReloadOutlined />, 'Refresh Token', 'Refreshing...', refreshToken.isPending, () => refreshToken.mutate());
  // Syncing is the daily work; the connection itself is the owner's.
  const byState: Record<typeof state, MenuItem[]> = {
    connected: [
      ...(canSync ? [actionItem('sync', <SyncOutlined />, 'Sync Data', 'Syncing...', sync.isPending, startSync)] : []),
      ...(canConnect
        ? [actionItem('reconnect', <LinkOutlined />, 'Reconnect', 'Reconnecting...', reconnect.isPending, () => reconnect.mutate()), refreshItem]
        : []),
    ],
    expired: canConnect ? [refreshItem] : [],
    disconnected: canConnect ? [actionItem('connect', <LinkOutlined />, 'Connect', 'Connecting...', connect.isPending, () => connect.mutate())] : [],
  };
  const checking = [{ key: 'checking', label: 'Checking connection...', disabled: true }];
  const items: MenuProps['items'] = [
    ...(isLoading ? checking : byState[state]),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', onClick: () => navigateBrowser(LOGOUT_PATH) },
  ];

  const name = displayName(user);
  // While an action is under way the menu stays open, so its 'Syncing...' or 'Connecting...' is seen.
  const pending = sync.isPending || connect.isPending || reconnect.isPending || refreshToken.isPending;
  // Collapsed, the avatar alone shows; open, the button's name starts with what it does and
  // holds the name and company it shows (WCAG 2.5.3), the avatar being decoration beside them.
  return (
    // Anchored inside the fixed sidebar: a popup on the document re-aligns when the page
    // scrolls, and a click during that move misses its item.
    <MenuButton
      items={items}
      placement="topLeft"
      keepOpen={pending}
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      type="text"
      block
      aria-label={collapsed ? 'User menu' : undefined}
      data-testid="user-menu"
      style={{ height: 'auto', padding: 8, justifyContent: 'flex-start' }}
    >
      {!collapsed && <VisuallyHidden>User menu: </VisuallyHidden>}
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Avatar
          size="small"
          src={user?.profileImageUrl ?? undefined}
          icon={<UserOutlined />}
          alt={name}
          aria-hidden={collapsed ? undefined : true}
          style={{ flexShrink: 0 }}
        />
        {!collapsed && (
          <Flex vertical align="flex-start" style={{ minWidth: 0 }}>
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>
              {name}
            </Typography.Text>
            <ConnectionIndicator state={state} status={status} isLoading={isLoading} />
          </Flex>
        )}
      </Flex>
    </MenuButton>
  );
}
