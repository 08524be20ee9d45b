import { DeleteOutlined } from '@ant-design/icons';
import { LineQuantitySchema, LineUnitPriceSchema, NEW_VENDOR_NEEDS_EMAIL, PurchaseOrderCreateSchema } from '@printpool/contracts';
import { DEFAULT_BULK_SUFFIX, formatUnitPrice, formatUsd, isBulkDocNumber, toMoneyString } from '@printpool/domain';
import { useAuth } from '@printpool/platform';
import { Button, Flex, Tag, Typography } from '@printpool/ui';
import { Form, InputNumber, ruleFrom, Select } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useState } from 'react';
import { useCatalogItems } from '../../api/catalogItems.js';
import { useCreatePurchaseOrder, type PurchaseOrderCreateBody } from '../../api/useCreatePurchaseOrder.js';
import { serverSearchProps } from '../serverSearch.js';
import { VendorField } from './VendorField.js';

export const NO_ITEMS_MESSAGE = 'At least one item is required';
/** An item QuickBooks has no cost for leaves its price empty: the broker enters it, rather than PrintPool guessing. */
export const UNIT_PRICE_REQUIRED = 'Unit price is required';

interface LineValues {
  itemId: string;
  itemName: string | null;
  description: string | null;
  quantity: number | null;
  unitPrice: number | null;
}

interface FormValues {
  poNumber: string;
  vendorName: string;
  vendorEmail: string;
  items: LineValues[];
}

const INITIAL: FormValues = { poNumber: '', vendorName: '', vendorEmail: '', items: [] };
const cell = { margin: 0 };

function toBody(values: FormValues, addVendor: boolean): PurchaseOrderCreateBody {
  return {
    poNumber: values.poNumber.trim(),
    vendorName: values.vendorName.trim(),
    vendorEmail: values.vendorEmail?.trim() || null,
    addVendor,
    items: values.items.map((line) => ({
      itemId: line.itemId,
      itemName: line.itemName,
      description: line.description,
      quantity: line.quantity ?? 0,
      unitPrice: line.unitPrice ?? 0,
    })),
  };
}

/**
 * New Purchase Order (source Manual). Whether it is bulk follows its number's suffix, as for a
 * synced one (docs/product.md §1), so the form shows the type the number gives rather than asking for it.
 * The vendor is one of the company's, or one added on purpose (VendorField.tsx); each line's price
 * starts from what the item costs the broker in QuickBooks (docs/product.md §5).
 */
export function NewPurchaseOrderDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { user } = useAuth();
  const poNumber = Form.useWatch('poNumber', form) ?? '';
  const lines = (Form.useWatch('items', form) ?? []) as LineValues[];
  const create = useCreatePurchaseOrder();
  const [addingVendor, setAddingVendor] = useState(false);
  const bulk = isBulkDocNumber(poNumber.trim(), user?.bulkPoSuffix || DEFAULT_BULK_SUFFIX);
  const save = () => create.mutate(toBody(form.getFieldsValue(true) as FormValues, addingVendor), { onSuccess: onClose });
  const addVendor = (adding: boolean) => {
    setAddingVendor(adding);
    // A name chosen is not a new vendor's, nor the other way round.
    form.setFieldsValue({ vendorName: '', vendorEmail: '' });
  };

  return (
    <Modal open title="New Purchase Order" onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={INITIAL} onFinish={save} requiredMark={false}>
        <Form.Item
          label="PO Number"
          name="poNumber"
          rules={[ruleFrom(PurchaseOrderCreateSchema.shape.poNumber)]}
          extra={
            poNumber.trim() ? (
              <span data-testid="po-type">
                Type: <Tag color={bulk ? 'blue' : 'default'}>{bulk ? 'BULK' : 'STANDARD'}</Tag>
                {bulk ? 'its units join the virtual inventory' : `not in the pool: a bulk PO's number ends in ${user?.bulkPoSuffix || DEFAULT_BULK_SUFFIX}`}
              </span>
            ) : undefined
          }
        >
          <Input placeholder={`e.g. PO-1001${user?.bulkPoSuffix || DEFAULT_BULK_SUFFIX}`} />
        </Form.Item>
        <VendorField adding={addingVendor} onAdding={addVendor} onChosen={(vendor) => form.setFieldsValue({ vendorEmail: vendor.email ?? '' })} />
        <Form.Item
          label="Vendor Email"
          name="vendorEmail"
          rules={[ruleFrom(PurchaseOrderCreateSchema.shape.vendorEmail), { required: addingVendor, message: NEW_VENDOR_NEEDS_EMAIL }]}
        >
          <Input type="email" />
        </Form.Item>
        <ItemPicker onPick={(line) => form.setFieldValue('items', [...((form.getFieldValue('items') ?? []) as LineValues[]), line])} />
        <Form.List name="items">
          {(fields, { remove }) => (
            <Flex vertical gap={8}>
              <Typography.Text strong>Line Items</Typography.Text>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="flex-start" wrap role="group" aria-label={`Line ${index + 1}`}>
                  <Typography.Text style={{ flex: '1 1 200px', lineHeight: '32px' }}>{lines[index]?.itemName ?? lines[index]?.itemId}</Typography.Text>
                  <Form.Item name={[field.name, 'quantity']} style={{ ...cell, width: 110 }} rules={[ruleFrom(LineQuantitySchema)]}>
                    <InputNumber min={0} aria-label={`Quantity ${index + 1}`} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'unitPrice']}
                    style={{ ...cell, width: 130 }}
                    validateFirst
                    rules={[{ required: true, message: UNIT_PRICE_REQUIRED }, ruleFrom(LineUnitPriceSchema)]}
                  >
                    <InputNumber min={0} step={0.01} prefix="$" aria-label={`Unit price ${index + 1}`} style={{ width: '100%' }} />
                  </Form.Item>
                  <Typography.Text strong style={{ width: 100, lineHeight: '32px', textAlign: 'right' }} data-testid="line-total">
                    {formatUsd(toMoneyString((lines[index]?.quantity ?? 0) * (lines[index]?.unitPrice ?? 0)))}
                  </Typography.Text>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove line ${index + 1}`} onClick={() => remove(field.name)} />
                </Flex>
              ))}
              {fields.length === 0 && <Typography.Text type="danger">{NO_ITEMS_MESSAGE}</Typography.Text>}
            </Flex>
          )}
        </Form.List>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={lines.length === 0 || create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Purchase Order'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

/**
 * Searches the synced catalog; the item chosen becomes a line of one unit at what it costs the
 * broker (QuickBooks' PurchaseCost), or with no price when QuickBooks has none: never its selling price.
 */
function ItemPicker({ onPick }: { onPick: (line: LineValues) => void }) {
  const [typed, setTyped] = useState('');
  const { data, isFetching } = useCatalogItems(typed);
  const items = data ?? [];
  return (
    <Form.Item label="Add Item from Catalog" htmlFor="po-item-picker">
      <Select
        id="po-item-picker"
        aria-label="Add Item from Catalog"
        {...serverSearchProps(typed, setTyped, isFetching, 'No items found')}
        placeholder="Search items by name or SKU"
        value={null}
        onChange={(qbId: string) => {
          const item = items.find((candidate) => candidate.qbId === qbId);
          if (item) onPick({ itemId: item.qbId, itemName: item.fullName, description: item.description, quantity: 1, unitPrice: item.purchaseCost });
          setTyped('');
        }}
        options={items.map((item) => ({
          value: item.qbId,
          label: `${item.fullName}${item.sku ? ` (${item.sku})` : ''} — ${item.purchaseCost === null ? 'no cost in QuickBooks' : `cost ${formatUnitPrice(item.purchaseCost)}`}`,
        }))}
      />
    </Form.Item>
  );
}
