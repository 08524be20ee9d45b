import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/queryClient.js';
import { PlatformProvider } from './PlatformProvider.js';

/** Renders an app (the shell, or a remote started alone) inside the router and the platform providers. */
export function mountApp(content: ReactNode): void {
  const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  // antd resets nothing outside its components; the app fills the window edge to edge.
  document.body.style.margin = '0';
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <PlatformProvider client={createQueryClient()} antdStylesheet>
          {content}
        </PlatformProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
