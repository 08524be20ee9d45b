import type { ReactNode } from 'react';

/**
 * A table or list wider than the screen scrolls sideways inside this region, never the page. The
 * region takes focus and has a name, so the keyboard can reach and scroll it and a screen reader
 * says what it holds (WCAG 2.1.1; antd's own scroll box cannot take focus).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
