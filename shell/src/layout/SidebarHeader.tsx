import { Typography } from 'antd';
import { ProductMark } from './ProductMark.js';

export const PRODUCT_NAME = 'PrintPool';

/** '{product} / Inventory Management', or the product's mark alone when only icons show. */
export function SidebarHeader({ collapsed }: { collapsed: boolean }) {
  const title = `${PRODUCT_NAME} / Inventory Management`;
  return (
    <div data-testid="sidebar-header" title={title} style={{ padding: collapsed ? '16px 0' : '16px', textAlign: collapsed ? 'center' : 'start' }}>
      {collapsed ? <ProductMark /> : <Typography.Text strong>{title}</Typography.Text>}
    </div>
  );
}
