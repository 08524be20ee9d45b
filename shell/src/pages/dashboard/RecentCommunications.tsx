import { BellOutlined, CarOutlined, FileTextOutlined, MailOutlined, ShoppingCartOutlined, SolutionOutlined, UserAddOutlined } from '@ant-design/icons';
import type { EmailLog, EmailReferenceType } from '@printpool/contracts';
import { formatDateTime } from '@printpool/domain';
import { EmptyState } from '@printpool/ui';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Skeleton, Tag, Typography } from 'antd';

const RECENT_COUNT = 4;

function referenceIcon(referenceType: EmailReferenceType) {
  if (referenceType === 'SO') return <FileTextOutlined aria-label="Sales order" />;
  if (referenceType === 'PO') return <ShoppingCartOutlined aria-label="Purchase order" />;
  // An invitation to join the company (docs/product.md §2 Team page) is logged like the rest.
  if (referenceType === 'INVITATION') return <UserAddOutlined aria-label="Invitation" />;
  // A customer's stock statement (docs/product.md §12).
  if (referenceType === 'STATEMENT') return <SolutionOutlined aria-label="Stock statement" />;
  // The company's digest of new stock alerts, to its owners and staff (docs/product.md §12).
  if (referenceType === 'DIGEST') return <BellOutlined aria-label="Stock alerts" />;
  return <CarOutlined aria-label="Pull ticket" />;
}

/** The last e-mails sent to vendors and customers (documents and stock statements), and invitations to join the company. */
export function RecentCommunications() {
  const { data, isLoading } = useQuery<EmailLog[]>({ queryKey: ['/api/email-logs'] });
  const logs = (data ?? []).slice(0, RECENT_COUNT);
  return (
    <Card
      title={
        <Flex gap={8}>
          <MailOutlined /> Recent Communications
        </Flex>
      }
      data-testid="recent-communications"
    >
      {isLoading ? (
        <Skeleton active />
      ) : logs.length === 0 ? (
        <EmptyState title="No communications found" />
      ) : (
        <Flex vertical gap={12} role="list">
          {logs.map((log) => (
            <Flex key={log.id} gap={12} align="flex-start" role="listitem">
              {referenceIcon(log.referenceType)}
              <div>
                <Typography.Text strong>{log.subject}</Typography.Text>
                {log.status === 'failed' && (
                  <Tag color="error" style={{ marginLeft: 8 }}>
                    Not delivered
                  </Tag>
                )}
                {log.status === 'sending' && (
                  <Tag color="processing" style={{ marginLeft: 8 }}>
                    Sending
                  </Tag>
                )}
                <br />
                <Typography.Text type="secondary">
                  {log.toEmail}
                  {log.sentBy && ` · sent by ${log.sentBy}`}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">{formatDateTime(log.sentAt)}</Typography.Text>
                {log.status === 'failed' && log.error && (
                  <>
                    <br />
                    <Typography.Text type="danger">{log.error}</Typography.Text>
                  </>
                )}
              </div>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
