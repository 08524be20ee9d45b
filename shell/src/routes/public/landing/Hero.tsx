import { BookOutlined, RocketOutlined } from '@ant-design/icons';
import { navigateBrowser } from '@printpool/platform';
import { Button, Flex, Typography, theme } from 'antd';
import { RouterLinkButton } from '../../../components/RouterLinkButton.js';

/** Sign-in starts on the server, so Get Started Now leaves the app with a full page load. */
function startSignIn() {
  navigateBrowser('/api/login');
}

export function Hero() {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="hero-title" style={{ textAlign: 'center', padding: 'clamp(48px, 10vw, 112px) 0 clamp(40px, 8vw, 80px)' }}>
      <Typography.Text strong style={{ color: token.colorPrimary }}>
        Built for print brokers
      </Typography.Text>
      <Typography.Title id="hero-title" level={1} style={{ fontSize: 'clamp(30px, 6vw, 48px)', margin: '12px auto 16px', maxWidth: 820 }}>
        Virtual Inventory and Order Management for Print Brokers
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeLG, maxWidth: 680, margin: '0 auto 32px' }}>
        Turn the bulk purchase orders and estimates in your QuickBooks Online books into a live virtual inventory. Know what your vendors hold for you, what is
        promised to customers, and what to ship next.
      </Typography.Paragraph>
      <Flex gap={12} justify="center" wrap>
        <Button type="primary" size="large" icon={<RocketOutlined aria-hidden />} onClick={startSignIn}>
          Get Started Now
        </Button>
        <RouterLinkButton to="/help" size="large" icon={<BookOutlined aria-hidden />}>
          View Setup Guide
        </RouterLinkButton>
      </Flex>
    </section>
  );
}
