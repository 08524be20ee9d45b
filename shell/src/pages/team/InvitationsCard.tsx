import { MailOutlined } from '@ant-design/icons';
import { formatDayTime } from '@printpool/domain';
import { EmptyState, SimpleTable } from '@printpool/ui';
import { Button, Card, Flex } from 'antd';
import type { Invitation } from '@printpool/contracts';
import { roleLabel } from './roles.js';
import { useRevokeInvitation } from './useTeam.js';

/** Invitations e-mailed and not yet used; an owner revokes them. */
export function InvitationsCard({ invitations, canManage }: { invitations: Invitation[]; canManage: boolean }) {
  const revoke = useRevokeInvitation();
  return (
    <Card
      title={
        <Flex gap={8}>
          <MailOutlined /> Pending Invitations ({invitations.length})
        </Flex>
      }
    >
      <SimpleTable
        label="Pending invitations"
        rows={invitations}
        rowKey={(invitation) => invitation.id}
        empty={<EmptyState title="No pending invitations" />}
        columns={[
          { title: 'Email', render: (invitation) => invitation.email },
          { title: 'Role', render: (invitation) => roleLabel(invitation.role) },
          { title: 'Invited By', render: (invitation) => invitation.invitedBy },
          { title: 'Expires', render: (invitation) => formatDayTime(invitation.expiresAt) },
          ...(canManage
            ? [
                {
                  title: 'Actions',
                  render: (invitation: Invitation) => (
                    <Button
                      size="small"
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(invitation.id)}
                    >
                      Revoke
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
