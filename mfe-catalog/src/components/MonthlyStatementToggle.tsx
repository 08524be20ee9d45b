import { formatDay } from '@printpool/domain';
import { useCan } from '@printpool/platform';
import { Typography } from '@printpool/ui';
import { Checkbox } from '@printpool/ui/form';
import { useSaveStatementSchedule, useStatementSchedule } from '../api/customerStatement.js';

/**
 * The customer's monthly statement (docs/product.md §12): on, each month's statement goes to the
 * customer on the 1st of the next; staff and owners turn it on or off, a viewer reads it.
 */
export function MonthlyStatementToggle({ customerId }: { customerId: number }) {
  const schedule = useStatementSchedule(customerId);
  const save = useSaveStatementSchedule(customerId);
  const canChange = useCan('staff');
  if (!schedule.data) return null;
  const { monthly, nextSendOn, version } = schedule.data;
  return (
    <Typography.Text type="secondary">
      <Checkbox checked={monthly} disabled={!canChange || save.isPending} onChange={(e) => save.mutate({ monthly: e.target.checked, version })}>
        E-mail it monthly
      </Checkbox>
      {monthly && nextSendOn && `Next on ${formatDay(nextSendOn)}`}
    </Typography.Text>
  );
}
