import type { SyncProblem } from '@printpool/contracts';
import { formatDayTime } from '@printpool/domain';
import { useCan } from '@printpool/platform';
import { Alert, Button, Flex, Typography } from 'antd';
import { useRetrySyncProblem, useSyncHealth } from '../../components/syncProgress/useSyncHealth.js';

function problemText(problem: SyncProblem): string {
  const when = formatDayTime(problem.failedAt);
  return problem.kind === 'sync'
    ? `Sync from QuickBooks failed (${when}): ${problem.reason}`
    : `Sales order ${problem.soNumber} was not saved in QuickBooks (${when}): ${problem.reason}`;
}

const problemKey = (problem: SyncProblem) => (problem.kind === 'sync' ? `sync-${problem.runId}` : `so-${problem.salesOrderId}`);

/**
 * How current the QuickBooks data is: when PrintPool last read every change (by itself on a
 * schedule, or a member's Sync), and each sync or write-back that failed with QuickBooks' reason
 * and a Retry for a member who may sync (docs/product.md §6). Nothing before the first sync.
 */
export function SyncHealthPanel() {
  const health = useSyncHealth();
  const retry = useRetrySyncProblem();
  const canRetry = useCan('staff');
  if (!health || (!health.lastCheckedAt && health.problems.length === 0)) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {health.lastCheckedAt && (
        <Typography.Text type="secondary" data-testid="quickbooks-last-checked">
          Last checked {formatDayTime(health.lastCheckedAt)}
        </Typography.Text>
      )}
      {health.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="Sync problems"
          description={
            <Flex vertical gap={8} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {health.problems.map((problem) => (
                <Flex component="li" key={problemKey(problem)} align="center" justify="space-between" gap={8} wrap>
                  <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{problemText(problem)}</span>
                  {canRetry && (
                    <Button
                      size="small"
                      onClick={() => retry.mutate(problem)}
                      loading={retry.isPending && retry.variables === problem}
                      aria-label={problem.kind === 'sync' ? 'Retry the sync' : `Retry sales order ${problem.soNumber}`}
                    >
                      Retry
                    </Button>
                  )}
                </Flex>
              ))}
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
