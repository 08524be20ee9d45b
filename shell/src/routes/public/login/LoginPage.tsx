import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Layout, Typography, theme } from 'antd';
import { useState } from 'react';
import { PublicHeader } from '../shared/PublicHeader.js';
import { useAutoSignIn, useAutoSignInEmail } from './useAutoSignIn.js';
import { useEmailSignIn } from './useEmailSignIn.js';

export function LoginPage() {
  const { token } = theme.useToken();
  const autoEmail = useAutoSignInEmail();
  const [email, setEmail] = useState(autoEmail ?? '');
  const { signIn, signingIn } = useEmailSignIn();
  useAutoSignIn(autoEmail, signIn);

  const trimmedEmail = email.trim();
  const handleFinish = () => {
    if (trimmedEmail !== '' && !signingIn) void signIn(trimmedEmail);
  };

  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <title>Sign In | PrintPool</title>
      <PublicHeader />
      <Layout.Content>
        <Flex justify="center" style={{ padding: 'clamp(16px, 6vw, 64px) 16px' }}>
          <Card style={{ width: '100%', maxWidth: 420 }}>
            <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>
              Sign In
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              Enter your email address to sign in to PrintPool. You may also be signed in automatically by the hosting platform.
            </Typography.Paragraph>
            <Form layout="vertical" name="login" onFinish={handleFinish}>
              <Form.Item label="Email" htmlFor="login-email">
                {/* Text rather than type="email": sign-in only requires a non-empty address. */}
                <Input
                  id="login-email"
                  inputMode="email"
                  autoComplete="email"
                  spellCheck={false}
                  placeholder="you@yourcompany.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  autoFocus
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<LoginOutlined aria-hidden />} disabled={trimmedEmail === '' || signingIn} block>
                {signingIn ? 'Signing In...' : 'Sign In with Email'}
              </Button>
            </Form>
            <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0 }}>
              After you sign in, connect PrintPool to QuickBooks Online from the Dashboard. You must connect to QuickBooks before your customers, items,
              purchase orders and estimates can sync.
            </Typography.Paragraph>
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
