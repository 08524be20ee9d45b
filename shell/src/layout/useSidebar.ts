import { Grid } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { readSidebarOpen, saveSidebarOpen } from './sidebarCookie.js';

export interface SidebarState {
  /** Below antd's md breakpoint (768px) the sidebar is a slide-in drawer. */
  isMobile: boolean;
  /** Desktop: expanded (16rem) or icons only (3rem). Saved in a cookie. */
  open: boolean;
  /** Mobile: the drawer is showing. Not saved. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

export function useSidebar(): SidebarState {
  const isMobile = Grid.useBreakpoint().md === false;
  const [open, setOpen] = useState(readSidebarOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      saveSidebarOpen(!value);
      return !value;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, open, openMobile, setOpenMobile, toggle };
}
