import {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  IdcardOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TruckOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { isActivePath } from './isActivePath.js';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
  /** QuickBooks data shown in the product but never edited there. */
  readOnly?: boolean;
  /** Other paths showing the same page. */
  aliases?: string[];
}

export interface NavGroup {
  title?: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'Main',
    items: [
      { label: 'Dashboard', href: '/', icon: <DashboardOutlined />, aliases: ['/dashboard'] },
      { label: 'Purchase Orders', href: '/purchase-orders', icon: <ShoppingCartOutlined /> },
      { label: 'Sales Orders', href: '/sales-orders', icon: <FileTextOutlined /> },
      { label: 'Pull Tickets', href: '/pull-tickets', icon: <TruckOutlined /> },
    ],
  },
  {
    title: 'QuickBooks Data',
    items: [
      { label: 'Customers', href: '/customers', icon: <TeamOutlined />, readOnly: true },
      { label: 'Items', href: '/items', icon: <AppstoreOutlined />, readOnly: true },
    ],
  },
  {
    items: [
      { label: 'Team', href: '/team', icon: <IdcardOutlined /> },
      { label: 'Settings', href: '/settings', icon: <SettingOutlined /> },
    ],
  },
];

export function isNavItemActive(pathname: string, item: NavItem): boolean {
  return [item.href, ...(item.aliases ?? [])].some((href) => isActivePath(pathname, href));
}
