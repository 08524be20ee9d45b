import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LineQuantitySchema, LineUnitPriceSchema } from '@printpool/contracts';
import { formatUsd } from '@printpool/domain';
import { Button, Flex, Typography } from '@printpool/ui';
import { Form, InputNumber, ruleFrom } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { fitsUnitPricePrecision, lineTotal, type EditableLine } from '../domain/salesOrderUpdate.js';

export const NO_ITEMS_MESSAGE = 'At least one item is required';
export const UNIT_PRICE_PRECISION_MESSAGE = 'Unit price has at most 7 decimals';

const NEW_LINE: EditableLine = { itemId: '', itemName: '', quantity: 1, unitPrice: 0 };
const cell = { margin: 0 };

async function checkUnitPricePrecision(price?: number | null): Promise<void> {
  if (typeof price === 'number' && !fitsUnitPricePrecision(price)) throw new Error(UNIT_PRICE_PRECISION_MESSAGE);
}

/** The order's lines: item id and name, quantity (more than 0, fractional as in QuickBooks), unit price (at least 0) and the line total. */
export function LineItemsEditor() {
  const form = Form.useFormInstance();
  const lines = (Form.useWatch('items', form) ?? []) as EditableLine[];
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          <Typography.Text strong>Line Items</Typography.Text>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start" wrap role="group" aria-label={`Line ${index + 1}`}>
              <Form.Item name={[field.name, 'itemId']} style={{ ...cell, width: 110 }}>
                <Input placeholder="Item ID" aria-label={`Item ID ${index + 1}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'itemName']} style={{ ...cell, flex: '1 1 160px' }}>
                <Input placeholder="Item name" aria-label={`Item name ${index + 1}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'quantity']} style={{ ...cell, width: 100 }} rules={[ruleFrom(LineQuantitySchema)]}>
                <InputNumber min={0} placeholder="Qty" aria-label={`Quantity ${index + 1}`} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'unitPrice']}
                style={{ ...cell, width: 120 }}
                rules={[ruleFrom(LineUnitPriceSchema), { validator: async (_, price?: number | null) => checkUnitPricePrecision(price) }]}
              >
                {/* No `precision`: it would round or pad every price. Without it the field shows the
                    price's own digits, at least the step's two ('12.00', '0.0941'), and hands the
                    form the number typed; step 0.01 only sets what the arrows add. */}
                <InputNumber min={0} step={0.01} prefix="$" placeholder="0.00" aria-label={`Unit price ${index + 1}`} style={{ width: '100%' }} />
              </Form.Item>
              <Typography.Text strong style={{ width: 100, lineHeight: '32px', textAlign: 'right' }} data-testid="line-total">
                {formatUsd(lineTotal(lines[index] ?? {}))}
              </Typography.Text>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove line ${index + 1}`} onClick={() => remove(field.name)} />
            </Flex>
          ))}
          {fields.length === 0 && <Typography.Text type="danger">{NO_ITEMS_MESSAGE}</Typography.Text>}
          <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_LINE })} style={{ alignSelf: 'flex-start' }}>
            Add Item
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
