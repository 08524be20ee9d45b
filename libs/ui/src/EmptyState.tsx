import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing: a main text and an optional hint below it. */
export function EmptyState({ title, hint }: { title: ReactNode; hint?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="empty-state"
      description={
        <>
          <Typography.Text>{title}</Typography.Text>
          {hint && (
            <>
              <br />
              <Typography.Text type="secondary">{hint}</Typography.Text>
            </>
          )}
        </>
      }
    />
  );
}
