import { useEffect, useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from '@printpool/ui';
import { Form, VirtualRows, type VirtualRowsRef } from '@printpool/ui/form';
import { firstRefusedLine, type RefusedLine } from '../domain/refusedLine.js';
import type { EditableLine } from '../domain/salesOrderUpdate.js';
import { LineItemRow } from './LineItemRow.js';

export const NO_ITEMS_MESSAGE = 'At least one item is required';

const NEW_LINE: EditableLine = { itemId: '', itemName: '', quantity: 1, unitPrice: 0 };
/** A line is a 32 px row of fields and 8 px below it; ten show at once, the others as they scroll into view. */
const LINE_HEIGHT = 40;
const LINES_HEIGHT = 10 * LINE_HEIGHT;

/**
 * Only the lines in view are drawn, so only their fields check themselves on save; this rule of
 * the whole list checks every line, so a refused line out of view stops the save too.
 */
const EVERY_LINE_RULE = {
  validator: async (_: unknown, lines?: EditableLine[]) => {
    const refused = firstRefusedLine(lines ?? []);
    if (refused) throw new Error(`Line ${refused.index + 1}: ${refused.message}`);
  },
};

interface LinesProps {
  fields: { key: number; name: number }[];
  remove: (name: number) => void;
  /** The list rule's refusal of the last save, if any. */
  errors: readonly unknown[];
}

/** The lines, drawn as they scroll into view; a save refused for a line scrolls to it, and its field says why. */
function Lines({ fields, remove, errors }: LinesProps) {
  const form = Form.useFormInstance();
  const rows = useRef<VirtualRowsRef>(null);
  const [refused, setRefused] = useState<RefusedLine | null>(null);
  const count = useRef(fields.length);
  // A line added (Add Item, the catalog picker) comes into view at the end of the list.
  useEffect(() => {
    if (fields.length > count.current) rows.current?.scrollTo({ index: fields.length - 1, align: 'auto' });
    count.current = fields.length;
  }, [fields.length]);
  useEffect(() => {
    if (errors.length === 0) return;
    const line = firstRefusedLine((form.getFieldValue('items') ?? []) as EditableLine[]);
    if (line) rows.current?.scrollTo({ index: line.index, align: 'auto' });
    setRefused(line);
  }, [errors, form]);
  return (
    <VirtualRows items={fields} rowKey={(field) => field.key} height={LINES_HEIGHT} rowHeight={LINE_HEIGHT} ref={rows}>
      {(field) => <LineItemRow name={field.name} remove={remove} refused={refused?.index === field.name ? refused.field : undefined} />}
    </VirtualRows>
  );
}

/** The order's lines: a 500-line order opens, and takes each keystroke, as quickly as a short one. */
export function LineItemsEditor() {
  return (
    <Form.List name="items" rules={[EVERY_LINE_RULE]}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          <Typography.Text strong>Line Items</Typography.Text>
          <Lines fields={fields} remove={remove} errors={errors} />
          {fields.length === 0 && <Typography.Text type="danger">{NO_ITEMS_MESSAGE}</Typography.Text>}
          <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_LINE })} style={{ alignSelf: 'flex-start' }}>
            Add Item
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
