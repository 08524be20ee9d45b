import type { ReactNode } from 'react';

/**
 * Words for a screen reader alone: part of the accessible name, never seen. Lets a control whose
 * visible text is data (a person's name) still be named for what it does, with the visible text
 * inside its name (WCAG 2.5.3, label in name).
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <span
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        padding: 0,
        margin: -1,
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </span>
  );
}
