import { useId, useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import type { ProgramRuleRefusal } from '@printpool/contracts';
import { formatCount, programRuleBreaches } from '@printpool/domain';

/**
 * A release refused for breaking its bulk PO's program (docs/product.md §11): each rule it
 * breaks, in the server's words, and the override that sends it anyway with the broker's
 * reason. The rules are checked again on the quantities the dialog now holds, by the server's
 * own rule (libs/domain programRules.ts): once the broker releases all of a remainder, or
 * changes a quantity so that no rule is broken, nothing asks for a reason and the dialog's own
 * button sends the release as it is.
 */
export function ProgramRuleOverride({
  refusal,
  released,
  saving,
  action,
  onOverride,
  releaseAll,
}: {
  refusal: ProgramRuleRefusal;
  /** Units of each item the release takes now, by item id; an item left out takes what it took when refused. */
  released: Readonly<Record<string, number>>;
  saving: boolean;
  /** The override's button: 'Override and create'. */
  action: string;
  onOverride: (reason: string) => void;
  /**
   * Where the dialog can change what it releases: the most it may release of each item (what the
   * order has left), and how it sets an item's release to all the program holds of it, offered
   * when that is no more than the most.
   */
  releaseAll?: { most: Readonly<Record<string, number>>; choose: (itemId: string, quantity: number) => void };
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const items = refusal.items.map((item) => ({ ...item, quantity: released[item.itemId] ?? item.quantity }));
  const breaches = programRuleBreaches(refusal.program, items, refusal.checkedOn);
  if (breaches.length === 0) return null;
  const offers = breaches.flatMap(({ rule, itemId, releaseAllQuantity: quantity }) =>
    rule === 'remainderBelowMinimum' && itemId !== null && quantity !== null && releaseAll && quantity <= (releaseAll.most[itemId] ?? 0)
      ? [{ itemId, quantity }]
      : [],
  );
  return (
    <Flex vertical gap={8} data-testid="program-rule">
      <Alert
        type="warning"
        showIcon
        title="This release breaks its program's rules"
        description={
          <Flex vertical gap={4}>
            {breaches.map((breach) => (
              <Typography.Text key={`${breach.rule}:${breach.itemId ?? ''}`}>{breach.message}</Typography.Text>
            ))}
          </Flex>
        }
      />
      {offers.map(({ itemId, quantity }) => (
        <Button key={itemId} onClick={() => releaseAll?.choose(itemId, quantity)}>
          Release all {formatCount(quantity)}
        </Button>
      ))}
      <label htmlFor={reasonId}>Override reason</label>
      <Input.TextArea
        id={reasonId}
        rows={2}
        value={reason}
        placeholder="Why this release goes out anyway: the ticket's history keeps it"
        onChange={(event) => setReason(event.target.value)}
      />
      <Flex justify="flex-end">
        <Button danger type="primary" disabled={saving || reason.trim() === ''} onClick={() => onOverride(reason.trim())}>
          {action}
        </Button>
      </Flex>
    </Flex>
  );
}
