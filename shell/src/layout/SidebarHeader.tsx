import { Typography } from 'antd';

export const PRODUCT_NAME = 'PrintPool';

/** '{product} / Inventory Management', shortened to the initials when only icons show. */
export function SidebarHeader({ collapsed }: { collapsed: boolean }) {
  return (
    <div data-testid="sidebar-header" style={{ padding: collapsed ? '16px 0' : '16px', textAlign: collapsed ? 'center' : 'start' }}>
      <Typography.Text strong title={`${PRODUCT_NAME} / Inventory Management`}>
        {collapsed ? 'PP' : `${PRODUCT_NAME} / Inventory Management`}
      </Typography.Text>
    </div>
  );
}
