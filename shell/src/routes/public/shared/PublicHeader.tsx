import { Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { Brand } from './Brand.js';

/** Light top bar shared by the public pages: the brand on the left, page actions on the right. */
export function PublicHeader({ children }: { children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 'clamp(16px, 4vw, 48px)',
      }}
    >
      <Flex align="center" justify="space-between" gap={16} style={{ height: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <Brand />
        {children}
      </Flex>
    </Layout.Header>
  );
}
