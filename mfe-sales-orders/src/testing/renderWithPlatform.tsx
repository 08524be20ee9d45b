import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders as the shell does: inside the one antd App (toasts) and the product's query client. */
export function renderWithPlatform(content: ReactNode) {
  return render(<PlatformProvider client={createQueryClient()}>{content}</PlatformProvider>);
}
