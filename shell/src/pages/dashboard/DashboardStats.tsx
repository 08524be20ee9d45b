import { CarOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import type { DashboardStats as Stats } from '@printpool/contracts';
import { formatCount } from '@printpool/domain';
import { StatCard } from '@printpool/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';

/** The three headline figures; on a failed call they read '—' under the error and a Retry, never a 0 that looks real. */
export function DashboardStats() {
  const { data, isLoading, isError, refetch, isFetching } = useQuery<Stats>({ queryKey: ['/api/dashboard/stats'] });
  const cards = [
    { title: 'Active Sales Orders', value: data?.activeSOs, icon: <FileTextOutlined /> },
    { title: 'Total Items in Stock', value: data?.totalItems, icon: <InboxOutlined /> },
    { title: 'Pending Pull Tickets', value: data?.pendingPullTickets, icon: <CarOutlined /> },
  ];
  return (
    <>
      {isError && (
        <Alert
          type="error"
          showIcon
          title="Statistics could not be loaded."
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              Retry
            </Button>
          }
        />
      )}
      {/* Three across where they fit, one under another on a phone (DashboardPage.tsx). */}
      <Flex wrap gap={16}>
        {cards.map((card) => (
          <div key={card.title} style={{ flex: '1 1 200px' }}>
            <StatCard title={card.title} icon={card.icon} loading={isLoading} value={isError ? '—' : formatCount(card.value ?? 0)} />
          </div>
        ))}
      </Flex>
    </>
  );
}
