import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { lazyComponent, useCan } from '@printpool/platform';
import { Button, Flex, Typography } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { CodeBoundary } from '@printpool/ui/overlay';
import { useState } from 'react';
import { useDownloadStatement } from '../api/customerStatement.js';
import { MonthlyStatementToggle } from '../components/MonthlyStatementToggle.js';
import { defaultStatementPeriod, statementPeriodWarning } from '../domain/statementPeriod.js';

// The dialog loads on first use, so the page does not carry the form.
const EmailStatementDialog = lazyComponent(() => import('../dialogs/EmailStatementDialog.js'), 'EmailStatementDialog');

/**
 * The customer's stock statement (docs/product.md §12): the days it covers, last month's by
 * default, to download as a PDF, or, for staff and owners, to e-mail to the customer; and whether
 * it goes to them each month.
 */
export function StatementActions({ customerId, customerName }: { customerId: number; customerName: string }) {
  const [period, setPeriod] = useState(defaultStatementPeriod);
  const [emailing, setEmailing] = useState(false);
  const canSend = useCan('staff');
  const download = useDownloadStatement();
  const warning = statementPeriodWarning(period);
  return (
    <Flex vertical gap={4} align="flex-end">
      <Flex gap={8} align="center" wrap role="group" aria-label="Statement">
        <Input
          type="date"
          aria-label="Statement from"
          value={period.from}
          onChange={(e) => setPeriod({ ...period, from: e.target.value })}
          style={{ width: 150 }}
        />
        <Typography.Text>to</Typography.Text>
        <Input type="date" aria-label="Statement to" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} style={{ width: 150 }} />
        <Button icon={<DownloadOutlined />} disabled={warning !== null || download.isPending} onClick={() => download.mutate({ customerId, ...period })}>
          {download.isPending ? 'Downloading...' : 'Download statement'}
        </Button>
        {canSend && (
          <Button icon={<MailOutlined />} disabled={warning !== null} onClick={() => setEmailing(true)}>
            E-mail statement
          </Button>
        )}
      </Flex>
      {warning && <Typography.Text type="danger">{warning}</Typography.Text>}
      <MonthlyStatementToggle customerId={customerId} />
      {emailing && (
        <CodeBoundary label="E-mail statement" onClose={() => setEmailing(false)}>
          <EmailStatementDialog customerId={customerId} customerName={customerName} period={period} onClose={() => setEmailing(false)} />
        </CodeBoundary>
      )}
    </Flex>
  );
}
