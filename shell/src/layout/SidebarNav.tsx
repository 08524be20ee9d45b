import { Flex, Menu, Tag, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { isNavItemActive, NAV_GROUPS, type NavItem } from './navItems.js';

function itemLabel(item: NavItem, active: boolean, onNavigate?: () => void) {
  return (
    <Flex align="center" justify="space-between" gap={8}>
      <Link to={item.href} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {item.label}
      </Link>
      {item.readOnly && (
        <Tag variant="outlined" style={{ marginInlineEnd: 0, fontSize: 11 }}>
          Read Only
        </Tag>
      )}
    </Flex>
  );
}

/** The sidebar's links: Main, QuickBooks Data (read only) and Settings on its own. */
export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const selectedKeys = NAV_GROUPS.flatMap((group) => group.items)
    .filter((item) => isNavItemActive(pathname, item))
    .map((item) => item.href);
  const items: MenuProps['items'] = NAV_GROUPS.flatMap((group, index) => {
    const entries = group.items.map((item) => ({
      key: item.href,
      icon: item.icon,
      label: itemLabel(item, selectedKeys.includes(item.href), onNavigate),
      title: item.label,
    }));
    // Icons alone leave no room for a group's title: the dividers keep the groups apart.
    const section = group.title && !collapsed ? [{ type: 'group' as const, key: group.title, label: group.title, children: entries }] : entries;
    return index === 0 ? section : [{ type: 'divider' as const, key: `divider-${index}` }, ...section];
  });
  return (
    <nav aria-label="Main navigation">
      <Menu mode="inline" inlineCollapsed={collapsed} selectedKeys={selectedKeys} items={items} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
