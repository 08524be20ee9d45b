import { TeamOutlined } from '@ant-design/icons';
import { formatDay } from '@printpool/domain';
import { SimpleTable } from '@printpool/ui';
import { Button, Card, Flex, Popconfirm, Select, Tag, Typography } from 'antd';
import type { Member } from '@printpool/contracts';
import { ROLE_OPTIONS, roleLabel } from './roles.js';
import { useChangeRole, useRemoveMember } from './useTeam.js';

/** The company's members; an owner changes their roles and removes them, except themself. */
export function MembersCard({ members, canManage, selfId }: { members: Member[]; canManage: boolean; selfId: string | undefined }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  return (
    <Card
      title={
        <Flex gap={8}>
          <TeamOutlined /> Members ({members.length})
        </Flex>
      }
    >
      <SimpleTable
        label="Members"
        rows={members}
        rowKey={(member) => member.id}
        empty={null}
        columns={[
          {
            title: 'Name',
            render: (member) => (
              <>
                {member.name}
                {member.id === selfId && <Tag style={{ marginLeft: 8 }}>You</Tag>}
              </>
            ),
          },
          { title: 'Email', render: (member) => member.email },
          {
            title: 'Role',
            render: (member) =>
              canManage ? (
                <Select
                  aria-label={`Role of ${member.name}`}
                  value={member.role}
                  style={{ minWidth: 120 }}
                  disabled={changeRole.isPending}
                  options={ROLE_OPTIONS.map(({ value, label }) => ({ value, label }))}
                  onChange={(role) => changeRole.mutate({ member, role })}
                />
              ) : (
                roleLabel(member.role)
              ),
          },
          { title: 'Joined', render: (member) => formatDay(member.joinedAt) },
          ...(canManage
            ? [
                {
                  title: 'Actions',
                  render: (member: Member) =>
                    member.id === selfId ? (
                      <Typography.Text type="secondary">-</Typography.Text>
                    ) : (
                      <Popconfirm
                        title={`Remove ${member.name} from the company?`}
                        description="They are signed out at once."
                        okText="Remove"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove.mutate(member)}
                      >
                        <Button danger size="small" aria-label={`Remove ${member.name}`}>
                          Remove
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
