import { Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { BackToHomeLink } from './BackToHomeLink.js';
import { PublicHeader } from './PublicHeader.js';

interface DocumentPageProps {
  /** Browser tab title, without the product name. */
  title: string;
  /** Widest the reading column may grow, in pixels. */
  maxWidth?: number;
  children: ReactNode;
}

/** Frame for the legal and help pages: header with the way back home, then one reading column. */
export function DocumentPage({ title, maxWidth = 880, children }: DocumentPageProps) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <title>{`${title} | PrintPool`}</title>
      <PublicHeader>
        <BackToHomeLink />
      </PublicHeader>
      <Layout.Content style={{ width: '100%', maxWidth, margin: '0 auto', padding: 'clamp(16px, 4vw, 48px)' }}>{children}</Layout.Content>
    </Layout>
  );
}
