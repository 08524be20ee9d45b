import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders a public page the way the shell does: inside the platform providers and a router. */
export function renderPublicPage(page: ReactNode, url = '/') {
  return render(
    <PlatformProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </PlatformProvider>,
  );
}
