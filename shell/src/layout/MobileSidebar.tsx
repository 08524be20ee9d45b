import { Drawer } from 'antd';
import '@printpool/platform/rest-styles';
import { SidebarContent } from './SidebarContent.js';

const SIDEBAR_MOBILE_WIDTH = '18rem';

/** Below 768px the sidebar slides in from the left and closes after a link is followed. */
export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer placement="left" size={SIDEBAR_MOBILE_WIDTH} open={open} onClose={onClose} closable={false} styles={{ body: { padding: 0 } }} title={null}>
      <SidebarContent collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
