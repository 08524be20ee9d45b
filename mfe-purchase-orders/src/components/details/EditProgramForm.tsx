import type { PurchaseOrderProgram, VersionChoice } from '@printpool/contracts';
import { hasQuantityPrecision, toMoneyString } from '@printpool/domain';
import { versionConflictOf } from '@printpool/platform';
import { Button, Flex } from '@printpool/ui';
import { Form, InputNumber, Select, VersionConflictReview } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { useState } from 'react';
import { useUpdatePurchaseOrderProgram } from '../../api/useUpdatePurchaseOrderProgram.js';
import { programFormValues, resolveProgramConflict, toProgramBody, type ProgramFormValues } from '../../domain/programTerms.js';

const BASIS_OPTIONS = [
  { value: 'flat', label: 'Flat' },
  { value: 'per1000', label: 'Per 1,000 units' },
];

/** An empty field is none; a typed one must keep the rule libs/contracts inventoryPrograms.ts holds it to. */
const rule = (check: (value: number) => boolean, message: string) => ({
  validator: async (_: unknown, value?: number | null) => {
    if (typeof value === 'number' && !check(value)) throw new Error(message);
  },
});
const moneyRule = (label: string) =>
  rule((amount) => amount >= 0 && Number(toMoneyString(amount)) === amount, `${label} must be an amount in dollars and cents`);
const wholeRule = (label: string, min: number, max: number) =>
  rule((n) => Number.isInteger(n) && n >= min && n <= max, `${label} must be a whole number from ${min} to ${max}`);

const half = { flex: '1 1 200px', marginBottom: 12 };

/**
 * Edit program (docs/product.md §2, Purchase Order Details): the bulk PO's terms, saved as its
 * own on the version the form was opened at; a save someone overtook keeps the input and offers
 * theirs or mine per field.
 */
export function EditProgramForm({ program, onDone }: { program: PurchaseOrderProgram; onDone: () => void }) {
  const [form] = Form.useForm<ProgramFormValues>();
  // The terms the form was filled from: a refresh while it is open must not move the version it saves on.
  const [opened] = useState(program);
  const update = useUpdatePurchaseOrderProgram(opened.purchaseOrderId);
  const conflict = versionConflictOf<PurchaseOrderProgram>(update.error);
  const formValues = () => form.getFieldsValue(true) as ProgramFormValues;
  const save = () => update.mutate({ body: toProgramBody(formValues()), version: opened.version }, { onSuccess: onDone });
  const saveAgain = (choices: VersionChoice[]) => {
    const resolved = resolveProgramConflict(formValues(), conflict!.differences, choices);
    form.setFieldsValue(resolved);
    update.mutate({ body: toProgramBody(resolved), version: conflict!.current.version }, { onSuccess: onDone });
  };

  return (
    <Form form={form} layout="vertical" initialValues={programFormValues(opened)} onFinish={save} requiredMark={false} aria-label="Edit program">
      <Flex gap={12} wrap>
        <Form.Item label="Expires On" name="expiresOn" style={half} rules={[{ required: true, message: 'Expires on is required' }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label="Minimum Release Quantity"
          name="minReleaseQuantity"
          style={half}
          rules={[rule((units) => units >= 0 && hasQuantityPrecision(units), 'Minimum release quantity must be 0 or more units, to 7 decimals')]}
        >
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Release Charge" name="releaseCharge" style={half} rules={[moneyRule('Release charge')]}>
          <InputNumber min={0} step={0.01} prefix="$" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Free Storage Days" name="freeStorageDays" style={half} rules={[wholeRule('Free storage days', 0, 3650)]}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Storage Charge per Month" name="storageChargePerMonth" style={half} rules={[moneyRule('Storage charge per month')]}>
          <InputNumber min={0} step={0.01} prefix="$" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Storage Charge Basis" name="storageChargeBasis" style={half}>
          <Select aria-label="Storage Charge Basis" options={BASIS_OPTIONS} />
        </Form.Item>
        <Form.Item label="Tolerance (%)" name="tolerancePercent" style={half} rules={[wholeRule('Tolerance', 0, 100)]}>
          <InputNumber min={0} max={100} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Planned Releases" name="plannedReleases" style={half} rules={[wholeRule('Planned releases', 1, 10_000)]}>
          <InputNumber min={1} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      {conflict && (
        <VersionConflictReview
          key={conflict.current.version}
          what="program"
          differences={conflict.differences}
          saving={update.isPending}
          onSaveAgain={saveAgain}
        />
      )}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Flex>
    </Form>
  );
}
