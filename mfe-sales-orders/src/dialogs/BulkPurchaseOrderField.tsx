import { useState } from 'react';
import { ACTIVE_NEEDS_BULK_PO, needParameter } from '@printpool/contracts';
import { formatCount, NO_COVERING_PO } from '@printpool/domain';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@printpool/platform';
import { Typography } from '@printpool/ui';
import { Form, Select } from '@printpool/ui/form';
import { useQueryClient } from '@tanstack/react-query';
import { coveringBulkPurchaseOrdersQuery, PICKER_PAGE_SIZE, useCoveringBulkPurchaseOrders, type OpenBulkPurchaseOrder } from '../api/openBulkPurchaseOrders.js';
import type { EditableLine } from '../domain/salesOrderUpdate.js';

export { NO_COVERING_PO };

const COVERAGE_UNKNOWN = 'Could not check the bulk purchase order against the lines; try again';

/**
 * What the lines need of a bulk PO, worked out once per change of the lines: the form's store
 * replaces its `items` array whenever a line changes, and keeps it while other fields change.
 */
const needs = new WeakMap<readonly EditableLine[], string | undefined>();
function needOf(lines: readonly EditableLine[]): string | undefined {
  if (!needs.has(lines)) needs.set(lines, needParameter(lines.map((line) => ({ itemId: line?.itemId, quantity: line?.quantity }))));
  return needs.get(lines);
}
const NO_LINES: EditableLine[] = [];

const label = (po: OpenBulkPurchaseOrder) => `${po.poNumber} — ${po.vendorName ?? 'Unknown vendor'} (${formatCount(po.quantityRemaining)} remaining)`;

/**
 * For an active order: the bulk purchase order it draws from, among those that can fill every
 * line. The server finds them (svc-inventory read/openBulkPurchaseOrders.ts), oldest first and a
 * page at a time, searched by PO number or vendor; the choice is checked again as lines change.
 */
export function BulkPurchaseOrderField({ holdingOrderId }: { holdingOrderId?: number }) {
  const form = Form.useFormInstance();
  const queryClient = useQueryClient();
  // Renders again when what the lines need changes; the need is read from the store, every line's
  // whether drawn or not (the form draws only the lines in view, LineItemsEditor.tsx).
  Form.useWatch((values: { items?: EditableLine[] }) => needOf(values.items ?? NO_LINES), { form, preserve: true });
  const typedNeed = needOf((form.getFieldValue('items') ?? NO_LINES) as EditableLine[]);
  // Asked of the server once typing settles: a 500-line need per keystroke queued requests behind the save.
  const need = useDebouncedValue(typedNeed, SEARCH_DEBOUNCE_MS);
  const chosenId = Form.useWatch('bulkPoId', form) as number | string | null | undefined;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const candidates = useCoveringBulkPurchaseOrders({ need, holdingOrderId, search });
  const hasChoice = chosenId !== null && chosenId !== undefined && chosenId !== '';
  const chosen = useCoveringBulkPurchaseOrders({ need, holdingOrderId, purchaseOrderId: hasChoice ? chosenId : undefined }, hasChoice);

  const rows = candidates.data?.rows ?? [];
  const chosenRow = chosen.data?.rows[0];
  const options = [...rows, ...(chosenRow && !rows.some((po) => po.id === chosenRow.id) ? [chosenRow] : [])].map((po) => ({ value: po.id, label: label(po) }));
  const total = candidates.data?.total ?? 0;
  const noneCover = !candidates.isFetching && !search && total === 0;

  return (
    <Form.Item
      label="Bulk Purchase Order"
      name="bulkPoId"
      dependencies={['status', 'items']}
      rules={[
        {
          validator: async (_, value: unknown) => {
            if (value === null || value === undefined || value === '') throw new Error(ACTIVE_NEEDS_BULK_PO);
            // A choice the lines as they are now no longer fit counts as no choice.
            const now = needOf((form.getFieldValue('items') ?? NO_LINES) as EditableLine[]);
            const still = await queryClient
              .fetchQuery(coveringBulkPurchaseOrdersQuery({ need: now, holdingOrderId, purchaseOrderId: value as number }))
              .catch(() => {
                throw new Error(COVERAGE_UNKNOWN);
              });
            if (still.rows.length === 0) throw new Error(ACTIVE_NEEDS_BULK_PO);
          },
        },
      ]}
      extra={noneCover ? <Typography.Text type="warning">{NO_COVERING_PO}</Typography.Text> : undefined}
    >
      <Select
        aria-label="Bulk Purchase Order"
        placeholder="Select a bulk purchase order"
        loading={candidates.isFetching}
        showSearch={{ filterOption: false, onSearch: setSearchText }}
        onSelect={() => setSearchText('')}
        // The reason stays visible under the field; an empty list needs no second copy of it.
        notFoundContent={search ? 'No matching bulk purchase orders' : null}
        options={options}
        popupRender={(menu) => (
          <>
            {menu}
            {total > PICKER_PAGE_SIZE && (
              <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
                {`Oldest ${PICKER_PAGE_SIZE} of ${formatCount(total)}: type a PO number or vendor to find others`}
              </Typography.Text>
            )}
          </>
        )}
      />
    </Form.Item>
  );
}
