import { UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import type { MemberRole } from '@printpool/contracts';
import { ROLE_OPTIONS } from './roles.js';
import { useInviteMember } from './useTeam.js';

/** The owner invites a person by e-mail; the link in the e-mail works once, for 7 days. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('staff');
  const invite = useInviteMember();
  const trimmed = email.trim();
  const submit = () => {
    if (trimmed === '' || invite.isPending) return;
    invite.mutate({ email: trimmed, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <Card
      title={
        <Flex gap={8}>
          <UserAddOutlined /> Invite a Member
        </Flex>
      }
    >
      <Form layout="vertical" name="invite" onFinish={submit}>
        <Form.Item label="Email" htmlFor="invite-email">
          <Input
            id="invite-email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="colleague@yourcompany.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Role" htmlFor="invite-role" extra={ROLE_OPTIONS.find((option) => option.value === role)?.description}>
          <Select id="invite-role" value={role} onChange={setRole} options={ROLE_OPTIONS.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<UserAddOutlined aria-hidden />} disabled={trimmed === '' || invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          The invitation link works once, for 7 days. Whoever signs in through it joins this company with the role chosen here.
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}
