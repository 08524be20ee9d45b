import { SalesOrderCreateSchema } from '@printpool/contracts';
import { Button, Flex } from '@printpool/ui';
import { Form, ruleFrom } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useCreateSalesOrder } from '../api/useCreateSalesOrder.js';
import { toCreateBody, type NewSalesOrderFormValues } from '../domain/salesOrderCreate.js';
import { CatalogItemPicker } from './CatalogItemPicker.js';
import { CustomerNameInput } from './CustomerNameInput.js';
import { SalesOrderFormFields } from './SalesOrderFormFields.js';

const INITIAL: NewSalesOrderFormValues = { soNumber: '', customerName: '', customerEmail: '', status: 'pending', bulkPoId: null, items: [] };

/**
 * New Sales Order (source Manual): the Sales Order form (docs/product.md §5) with the order's number, which
 * becomes its estimate's DocNumber when it is synced to QuickBooks; at most 21 characters, as
 * QuickBooks keeps (libs/contracts/src/http/routes/inventoryOrders.ts).
 */
export function NewSalesOrderDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<NewSalesOrderFormValues>();
  const status = Form.useWatch('status', form) ?? INITIAL.status;
  // The number of lines alone: watching the lines themselves would render the whole dialog on every keystroke.
  const lineCount = Form.useWatch((values: NewSalesOrderFormValues) => values.items?.length ?? 0, { form, preserve: true }) ?? 0;
  const create = useCreateSalesOrder();

  // getFieldsValue(true) keeps each line's description and sku, which have no field of their own.
  const save = () => create.mutate(toCreateBody(form.getFieldsValue(true) as NewSalesOrderFormValues), { onSuccess: onClose });

  return (
    <Modal open title="New Sales Order" onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={INITIAL} onFinish={save} requiredMark={false}>
        <Form.Item label="SO Number" name="soNumber" rules={[ruleFrom(SalesOrderCreateSchema.shape.soNumber)]}>
          <Input placeholder="e.g. EST-2001-BL" />
        </Form.Item>
        <SalesOrderFormFields status={status} customerInput={<CustomerNameInput />} beforeLines={<CatalogItemPicker />} />
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={lineCount === 0 || create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Sales Order'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
