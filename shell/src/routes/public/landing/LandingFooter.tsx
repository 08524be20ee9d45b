import { Flex, Layout, Typography, theme } from 'antd';
import { Link } from 'react-router';

const FOOTER_LINKS = [
  { to: '/help', label: 'Help & Setup Guide' },
  { to: '/eula', label: 'End User License Agreement' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

export function LandingFooter() {
  const { token } = theme.useToken();
  return (
    <Layout.Footer style={{ background: token.colorBgContainer, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ maxWidth: 1200, margin: '0 auto' }}>
        <Typography.Text type="secondary">PrintPool, virtual inventory for print brokers.</Typography.Text>
        <nav aria-label="Help and legal">
          <Flex gap={24} wrap>
            {FOOTER_LINKS.map(({ to, label }) => (
              <Link key={to} to={to}>
                {label}
              </Link>
            ))}
          </Flex>
        </nav>
      </Flex>
    </Layout.Footer>
  );
}
