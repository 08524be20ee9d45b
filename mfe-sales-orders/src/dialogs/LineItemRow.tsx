import { memo, useEffect } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { LineQuantitySchema, LineUnitPriceSchema } from '@printpool/contracts';
import { formatUsd } from '@printpool/domain';
import { Button, Flex, Typography } from '@printpool/ui';
import { Form, InputNumber, ruleFrom, type FormRule } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { unitPricePrecisionRefusal } from '../domain/refusedLine.js';
import { lineTotal, type EditableLine } from '../domain/salesOrderUpdate.js';

const cell = { margin: 0 };
// Made once: a rule made in render is a new rule each time, and antd's Field takes that as a change.
const QUANTITY_RULES: FormRule[] = [ruleFrom(LineQuantitySchema)];
const UNIT_PRICE_RULES: FormRule[] = [
  ruleFrom(LineUnitPriceSchema),
  {
    validator: async (_, price?: number | null) => {
      const refusal = unitPricePrecisionRefusal(price);
      if (refusal !== null) throw new Error(refusal);
    },
  },
];

/** The line's total, which alone follows its quantity and price as they are typed. */
function LineTotal({ name }: { name: number }) {
  const form = Form.useFormInstance();
  const line = (Form.useWatch(['items', name], { form, preserve: true }) ?? {}) as EditableLine;
  return (
    <Typography.Text strong style={{ width: 100, lineHeight: '32px', textAlign: 'right' }} data-testid="line-total">
      {formatUsd(lineTotal(line))}
    </Typography.Text>
  );
}

interface Props {
  /** The line's place in the form's `items` (Form.List's field name). */
  name: number;
  remove: (name: number) => void;
  /** The field of this line a save was refused for, scrolled to from out of view: it shows why and takes focus. */
  refused?: 'quantity' | 'unitPrice';
}

/**
 * One line of the order: item id and name, quantity (more than 0, fractional as in QuickBooks),
 * unit price (at least 0) and its total. Memoised, and each field holds its own value in the
 * form's store, so a keystroke renders the field it changes and this line's total, not the order.
 */
export const LineItemRow = memo(function LineItemRow({ name, remove, refused }: Props) {
  const form = Form.useFormInstance();
  const n = name + 1;
  useEffect(() => {
    if (!refused) return;
    // Drawn only now, the line's fields have not checked themselves: they do, and say why.
    form.validateFields([['items', name, refused]]).catch(() => undefined);
    (form.getFieldInstance(['items', name, refused]) as HTMLElement | null)?.focus();
  }, [form, name, refused]);
  return (
    <Flex gap={8} align="flex-start" wrap role="group" aria-label={`Line ${n}`} style={{ paddingBottom: 8 }}>
      <Form.Item name={[name, 'itemId']} style={{ ...cell, width: 110 }}>
        <Input placeholder="Item ID" aria-label={`Item ID ${n}`} />
      </Form.Item>
      <Form.Item name={[name, 'itemName']} style={{ ...cell, flex: '1 1 160px' }}>
        <Input placeholder="Item name" aria-label={`Item name ${n}`} />
      </Form.Item>
      <Form.Item name={[name, 'quantity']} style={{ ...cell, width: 100 }} rules={QUANTITY_RULES}>
        <InputNumber min={0} placeholder="Qty" aria-label={`Quantity ${n}`} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name={[name, 'unitPrice']} style={{ ...cell, width: 120 }} rules={UNIT_PRICE_RULES}>
        {/* No `precision`: it would round or pad every price. Without it the field shows the
            price's own digits, at least the step's two ('12.00', '0.0941'), and hands the
            form the number typed; step 0.01 only sets what the arrows add. */}
        <InputNumber min={0} step={0.01} prefix="$" placeholder="0.00" aria-label={`Unit price ${n}`} style={{ width: '100%' }} />
      </Form.Item>
      <LineTotal name={name} />
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove line ${n}`} onClick={() => remove(name)} />
    </Flex>
  );
});
