import { Flex, Progress, Typography } from 'antd';
import '@printpool/platform/rest-styles';
import type { SyncRun } from '@printpool/contracts';

function percent(done: number, total: number): number {
  return total > 0 ? Math.floor((Math.min(done, total) / total) * 100) : 0;
}

/** 'purchaseOrder' → 'Purchase order': the run names entities by their QuickBooks type. */
function entityLabel(entity: string): string {
  const words = entity
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A running sync: overall bar with done / total, and one line per entity below it. */
export function SyncProgressPanel({ run, collapsed }: { run: SyncRun; collapsed: boolean }) {
  const { done, total, byEntity } = run.progress;
  const overall = percent(done, total);
  if (collapsed) {
    return <Progress type="circle" size={24} percent={overall} aria-label={`QuickBooks sync ${overall}%`} data-testid="sync-progress" />;
  }
  return (
    <Flex vertical gap={2} role="status" aria-label="QuickBooks sync progress" data-testid="sync-progress" style={{ padding: '0 8px 8px' }}>
      <Typography.Text style={{ fontSize: 12 }}>
        Syncing QuickBooks… <span data-testid="sync-progress-count">{`${done} / ${total}`}</span>
      </Typography.Text>
      <Progress percent={overall} size="small" status="active" />
      {run.waitingUntil && (
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="sync-progress-waiting">
          {`QuickBooks request limit reached: waiting until ${new Date(run.waitingUntil).toLocaleTimeString()}`}
        </Typography.Text>
      )}
      {Object.entries(byEntity).map(([entity, progress]) => (
        <Flex key={entity} justify="space-between" data-testid="sync-progress-entity" style={{ fontSize: 12 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {entityLabel(entity)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${Math.min(progress.done, progress.total)} / ${progress.total}`}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
