import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { notificationConfig } from './toast/toastConfig.js';

const theme: ThemeConfig = { token: { colorPrimary: '#1d4ed8', borderRadius: 6 } };

/**
 * The one antd ConfigProvider + App and the one QueryClient. The shell renders it once; a
 * remote renders it only when started alone for development.
 */
export function PlatformProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <App notification={notificationConfig} message={{ maxCount: 1 }}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
