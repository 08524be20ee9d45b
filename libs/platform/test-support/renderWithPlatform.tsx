import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../src/api/queryClient.js';
import { PlatformProvider } from '../src/PlatformProvider.js';

// A bound on a hang, as the Jest preset's test timeout is (jest.preset.js), not on speed: antd
// builds its styles on first render and a dialog's code loads on first use, both slow under jsdom
// beside another package's suite on two cores. A wait ends as soon as what it waits for shows.
configure({ asyncUtilTimeout: 60_000 });

/** Renders a remote's page or dialog as the shell does: the one query client, antd App (toasts) and theme, at `address` of the shell's router. */
export function renderWithPlatform(content: ReactNode, address = '/') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <PlatformProvider client={createQueryClient()}>{content}</PlatformProvider>
    </MemoryRouter>,
  );
}
