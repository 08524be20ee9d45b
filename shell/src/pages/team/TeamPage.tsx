import { useAuth, useCan } from '@printpool/platform';
import '@printpool/platform/rest-styles';
import { PageHeader } from '@printpool/ui';
import { Alert, Col, Row, Skeleton } from 'antd';
import { InvitationsCard } from './InvitationsCard.js';
import { InviteForm } from './InviteForm.js';
import { MembersCard } from './MembersCard.js';
import { useTeam } from './useTeam.js';

/** /team (docs/product.md §2 Team page): every member sees the team; an owner changes it. */
export function TeamPage() {
  const { user } = useAuth();
  const { data, isLoading, isError } = useTeam();
  const canManage = useCan('owner');
  return (
    <>
      <PageHeader title="Team" subtitle={`The members of ${user?.companyName ?? 'your company'}, their roles and pending invitations`} />
      {isLoading ? (
        <Skeleton active />
      ) : isError || !data ? (
        <Alert type="error" showIcon message="Failed to load the team" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={canManage ? 16 : 24}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <MembersCard members={data.members} canManage={canManage} selfId={user?.id} />
              </Col>
              <Col span={24}>
                <InvitationsCard invitations={data.invitations} canManage={canManage} />
              </Col>
            </Row>
          </Col>
          {canManage && (
            <Col xs={24} xl={8}>
              <InviteForm />
            </Col>
          )}
        </Row>
      )}
    </>
  );
}
