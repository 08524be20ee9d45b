import type { CustomerStockItem } from '@printpool/contracts';
import { useCan } from '@printpool/platform';
import { formatCount } from '@printpool/domain';
import { Button, Flex, Typography } from '@printpool/ui';
import { InputNumber, Select } from '@printpool/ui/form';
import { useState } from 'react';
import { useSetReorderPoint } from '../api/useCustomerInventory.js';

type Measure = 'units' | 'months';

/** When to reorder the item (docs/product.md §12): units, or months of supply; staff set it, everyone reads it. */
export function ReorderPointForm({ customerId, item }: { customerId: number; item: CustomerStockItem }) {
  const canSet = useCan('staff');
  const save = useSetReorderPoint(customerId);
  const { reorderPoint } = item;
  const [measure, setMeasure] = useState<Measure>(reorderPoint.units !== null ? 'units' : 'months');
  const [value, setValue] = useState<number | null>(reorderPoint.units ?? reorderPoint.months);
  const name = item.itemName ?? item.itemId;
  const current = reorderPoint.units !== null ? `${formatCount(reorderPoint.units)} units` : `${reorderPoint.months} months of supply`;
  const text = `Reorder at ${current}${reorderPoint.source === 'default' ? ' (the default)' : ''}.`;
  if (!canSet) return <Typography.Text type="secondary">{text}</Typography.Text>;
  return (
    <Flex gap={8} align="center" wrap role="group" aria-label={`Reorder point of ${name}`}>
      <Typography.Text type="secondary">{text}</Typography.Text>
      <InputNumber aria-label={`Reorder at, ${measure}`} min={0} value={value} onChange={(next) => setValue(next)} />
      <Select<Measure>
        aria-label="Reorder point in"
        value={measure}
        onChange={setMeasure}
        options={[
          { value: 'units', label: 'units' },
          { value: 'months', label: 'months of supply' },
        ]}
        style={{ width: 160 }}
      />
      <Button
        disabled={value === null || save.isPending}
        onClick={() => save.mutate({ item, point: measure === 'units' ? { units: value } : { months: value } })}
      >
        Save
      </Button>
      {reorderPoint.source === 'customer' && (
        <Button type="link" disabled={save.isPending} onClick={() => save.mutate({ item, point: { units: null, months: null } })}>
          Use the default
        </Button>
      )}
    </Flex>
  );
}
