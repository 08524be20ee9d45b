import { beforeEach, expect, it } from '@jest/globals';
import { readSidebarOpen, saveSidebarOpen, SIDEBAR_COOKIE } from './sidebarCookie.js';

beforeEach(() => {
  document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`;
});

it('is open until something is saved', () => {
  expect(readSidebarOpen()).toBe(true);
});

it('remembers the saved state in the sidebar_state cookie', () => {
  saveSidebarOpen(false);
  expect(document.cookie).toContain('sidebar_state=false');
  expect(readSidebarOpen()).toBe(false);
  saveSidebarOpen(true);
  expect(readSidebarOpen()).toBe(true);
});
