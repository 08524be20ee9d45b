import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { lazyComponent, useLiveUpdates } from '@printpool/platform';
import { Button, Layout, theme } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SyncRunTracker } from '../components/syncProgress/SyncRunTracker.js';
import { SidebarContent } from './SidebarContent.js';
import { useSidebar } from './useSidebar.js';

const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_ICON_WIDTH = '3rem';

// Desktop users never need the drawer's code.
const MobileSidebar = lazyComponent(() => import('./MobileSidebar.js'), 'MobileSidebar');

/** Signed-in frame: sidebar (a drawer below 768px), a top bar with its toggle, and the page. */
export function AppLayout() {
  const { isMobile, open, openMobile, setOpenMobile, toggle } = useSidebar();
  const { token } = theme.useToken();
  useLiveUpdates();
  const expanded = isMobile ? openMobile : open;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* Outside the sidebar: on mobile the drawer holding the progress may never be opened. */}
      <SyncRunTracker />
      {isMobile ? (
        <Suspense>
          <MobileSidebar open={openMobile} onClose={() => setOpenMobile(false)} />
        </Suspense>
      ) : (
        <Layout.Sider
          theme="light"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_ICON_WIDTH}
          collapsed={!open}
          trigger={null}
          collapsible
          style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <SidebarContent collapsed={!open} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 16px',
            height: 48,
            lineHeight: '48px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label="Toggle Sidebar"
            aria-expanded={expanded}
            title="Toggle Sidebar (Ctrl/Cmd+B)"
            icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggle}
          />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
