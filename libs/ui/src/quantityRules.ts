import type { FormRule } from 'antd';
import { hasQuantityPrecision, QUANTITY_DECIMALS } from '@printpool/domain';

export const QUANTITY_MESSAGE = 'Quantity must be more than 0';
export const QUANTITY_PRECISION_MESSAGE = `Quantity has at most ${QUANTITY_DECIMALS} decimals`;

/**
 * A line's quantity as QuickBooks takes it: more than 0, fractional to seven decimals (2.5 boxes;
 * libs/domain/src/quantity.ts), as svc-inventory checks it. Its InputNumber has no `precision`,
 * which would round a synced 2.5 to 3 the moment the form opens.
 */
export const QUANTITY_RULES: FormRule[] = [
  { required: true, message: QUANTITY_MESSAGE },
  {
    validator: async (_, value?: number | null) => {
      if (typeof value !== 'number') return;
      if (!(value > 0)) throw new Error(QUANTITY_MESSAGE);
      if (!hasQuantityPrecision(value)) throw new Error(QUANTITY_PRECISION_MESSAGE);
    },
  },
];
