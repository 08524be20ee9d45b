import { LoginOutlined } from '@ant-design/icons';
import { formatLongDay } from '@printpool/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Layout, Skeleton, Typography, theme } from 'antd';
import { useParams } from 'react-router';
import type { InvitationPreview } from '@printpool/contracts';
import { PublicHeader } from '../shared/PublicHeader.js';
import { RouterLinkButton } from '../../../components/RouterLinkButton.js';

const ROLE_WORDS = { owner: 'an owner', staff: 'a staff member', viewer: 'a viewer' } as const;

/**
 * /invitations/:token, the link of an invitation e-mail (docs/product.md §2 Team page): who
 * invites whom to which company, and the way in. Signing in as the invited address joins the
 * company; the gateway's sign-in takes it from here (GET /api/login?invitation=).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { token: design } = theme.useToken();
  const { data, isLoading, isError } = useQuery<InvitationPreview>({ queryKey: ['/api/invitations', token], retry: false });

  return (
    <Layout style={{ minHeight: '100vh', background: design.colorBgLayout }}>
      <title>Invitation | PrintPool</title>
      <PublicHeader />
      <Layout.Content>
        <Flex justify="center" style={{ padding: 'clamp(16px, 6vw, 64px) 16px' }}>
          <Card style={{ width: '100%', maxWidth: 480 }}>
            {isLoading ? (
              <Skeleton active />
            ) : isError || !data ? (
              <>
                <Typography.Title level={1} style={{ fontSize: design.fontSizeHeading3, marginTop: 0 }}>
                  This invitation is no longer valid
                </Typography.Title>
                <Typography.Paragraph type="secondary">
                  It was used, revoked or has expired. Ask an owner of your company to invite you again.
                </Typography.Paragraph>
                <RouterLinkButton to="/">Back to Home</RouterLinkButton>
              </>
            ) : (
              <>
                <Typography.Title level={1} style={{ fontSize: design.fontSizeHeading3, marginTop: 0 }}>
                  Join {data.companyName} on PrintPool
                </Typography.Title>
                <Typography.Paragraph>
                  {data.invitedBy} invited {data.email} to join as {ROLE_WORDS[data.role]}.
                </Typography.Paragraph>
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 24 }}
                  message={`Sign in as ${data.email} to join. The invitation works once, until ${formatLongDay(data.expiresAt)}.`}
                />
                {/* A navigation, as signing in is (docs/product.md §7): the gateway's sign-in answers with redirects. */}
                <Button type="primary" block icon={<LoginOutlined aria-hidden />} href={`/api/login?${new URLSearchParams({ invitation: token }).toString()}`}>
                  Accept Invitation
                </Button>
              </>
            )}
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
