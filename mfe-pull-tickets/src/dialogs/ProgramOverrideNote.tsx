import { Flex, Typography } from '@printpool/ui';
import { Alert } from '@printpool/ui/form';
import type { PullTicket } from '../api/pullTickets.js';

/** The override a ticket breaking its bulk PO's program went out under (docs/product.md §11): the rules it broke and the broker's reason. */
export function ProgramOverrideNote({ ticket }: { ticket: PullTicket }) {
  const override = ticket.programOverride;
  if (!override) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="group"
      aria-label="Program override"
      title="Released under an override of its program's rules"
      description={
        <Flex vertical gap={4}>
          {override.breaches.map((breach) => (
            <Typography.Text key={breach.message}>{breach.message}</Typography.Text>
          ))}
          <Typography.Text>Reason: {override.reason}</Typography.Text>
        </Flex>
      }
    />
  );
}
