import { Flex } from 'antd';
import { SyncProgress } from '../components/syncProgress/SyncProgress.js';
import { SidebarHeader } from './SidebarHeader.js';
import { SidebarNav } from './SidebarNav.js';
import { UserMenu } from './UserMenu.js';

/** Header, links and user menu: the same in the desktop sider and the mobile drawer. */
export function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  return (
    <Flex vertical style={{ height: '100%' }} data-testid="sidebar" data-state={collapsed ? 'collapsed' : 'expanded'}>
      <SidebarHeader collapsed={collapsed} />
      <div style={{ flex: 1, overflowY: 'auto' }}>
        <SidebarNav collapsed={collapsed} onNavigate={onNavigate} />
      </div>
      <div style={{ padding: 8 }}>
        <SyncProgress collapsed={collapsed} />
        <UserMenu collapsed={collapsed} />
      </div>
    </Flex>
  );
}
