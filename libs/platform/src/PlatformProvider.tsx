import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { notificationConfig } from './toast/toastConfig.js';

// Text a broker must read reaches WCAG AA contrast (4.5:1) on white and on the page's grey:
// antd's default links (#1677ff, 4.1:1) and secondary text (45% black, 3.4:1) do not
// (e2e/tests/accessibility.spec.ts checks every page, accessibilityOverlays.spec.ts every
// dialog, menu and drawer).
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    // A filter's placeholder ('Status') is its only label on screen: antd's 25% black gives 1.8:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Green tags (Available, active) are drawn from this seed: antd's own green gives 3.4:1.
    green: '#237804',
    // Gold and orange tags (pending, a program's warnings) likewise: antd's give 2.8:1 and 3.3:1.
    gold: '#874d00',
    orange: '#ad4e00',
    // Danger (Delete in a row's menu, a refused period, a danger button's white text): antd's
    // red gives 3.3:1, and the lighter red of a hovered or opened danger button 2.6:1, so a
    // button whose confirmation is open darkens instead.
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    borderRadius: 6,
  },
  // A table's 'No data' is text to read, not a disabled control.
  components: { Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.65)' } },
};
// The theme above still reaches components styled by antd's stylesheet, as CSS variables antd sets as it renders.
const themeOverStylesheet: ThemeConfig = { ...theme, zeroRuntime: true };

/**
 * The one antd ConfigProvider + App and the one QueryClient. The shell renders it once; a
 * remote renders it only when started alone for development. `antdStylesheet`: the app's build
 * links antd's stylesheet (libs/platform/build/antdStyles.js), so antd generates no styles as
 * components render; without it (component tests) antd does.
 */
export function PlatformProvider({ client, antdStylesheet = false, children }: { client: QueryClient; antdStylesheet?: boolean; children: ReactNode }) {
  return (
    <ConfigProvider theme={antdStylesheet ? themeOverStylesheet : theme}>
      <App notification={notificationConfig} message={{ maxCount: 1 }}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
