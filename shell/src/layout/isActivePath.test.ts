import { expect, it } from '@jest/globals';
import { isActivePath } from './isActivePath.js';
import { isNavItemActive, NAV_GROUPS } from './navItems.js';

it('marks a link active on its path and below it', () => {
  expect(isActivePath('/purchase-orders', '/purchase-orders')).toBe(true);
  expect(isActivePath('/purchase-orders/42', '/purchase-orders')).toBe(true);
  expect(isActivePath('/sales-orders', '/purchase-orders')).toBe(false);
});

it('marks home only on an exact match', () => {
  expect(isActivePath('/', '/')).toBe(true);
  expect(isActivePath('/settings', '/')).toBe(false);
});

it('highlights Dashboard on / and /dashboard, and exactly one item per page', () => {
  const items = NAV_GROUPS.flatMap((group) => group.items);
  const active = (path: string) => items.filter((item) => isNavItemActive(path, item)).map((item) => item.label);
  expect(active('/')).toEqual(['Dashboard']);
  expect(active('/dashboard')).toEqual(['Dashboard']);
  expect(active('/items')).toEqual(['Items']);
  expect(active('/settings')).toEqual(['Settings']);
});
