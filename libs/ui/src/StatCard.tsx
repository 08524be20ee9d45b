import { Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A dashboard figure: a skeleton while it loads, then the already formatted value. */
export function StatCard({ title, value, icon, loading }: { title: string; value: ReactNode; icon?: ReactNode; loading: boolean }) {
  return (
    <Card data-testid="stat-card" aria-label={title} role="group">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{title}</Typography.Text>
        {icon}
      </Flex>
      {loading ? (
        <Skeleton.Input active size="small" style={{ marginTop: 12 }} />
      ) : (
        <Typography.Text strong style={{ display: 'block', fontSize: 28, marginTop: 4 }} data-testid="stat-value">
          {value}
        </Typography.Text>
      )}
    </Card>
  );
}
