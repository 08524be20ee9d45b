import { hasQuantityPrecision, toMoneyString } from '@printpool/domain';
import { Flex } from '@printpool/ui';
import { Form, InputNumber, Select } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import type { ReactNode } from 'react';

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
export const wholeRule = (label: string, min: number, max: number) =>
  rule((n) => Number.isInteger(n) && n >= min && n <= max, `${label} must be a whole number from ${min} to ${max}`);

/** A field's box: two to a row where they fit. */
export const half = { flex: '1 1 200px', marginBottom: 12 };

/**
 * The terms a PO's program and its vendor's defaults share (docs/product.md §11), as form items
 * over domain/programTerms.ts TermsFormValues, between the fields only one of them has: the Edit
 * program form and the vendor's defaults in Settings are the same form around them.
 */
export function ProgramTermsFields({ leading, trailing }: { leading: ReactNode; trailing?: ReactNode }) {
  return (
    <>
      <Flex gap={12} wrap>
        {leading}
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
        {trailing}
      </Flex>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </>
  );
}
