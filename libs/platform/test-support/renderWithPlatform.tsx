import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../src/api/queryClient.js';
import { PlatformProvider } from '../src/PlatformProvider.js';

// antd builds its styles on first render, which jsdom makes slow: wait longer than 1 s for screens.
configure({ asyncUtilTimeout: 15_000 });

/** Renders a remote's page or dialog as the shell does: the one query client, antd App (toasts) and theme, at `address` of the shell's router. */
export function renderWithPlatform(content: ReactNode, address = '/') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <PlatformProvider client={createQueryClient()}>{content}</PlatformProvider>
    </MemoryRouter>,
  );
}
