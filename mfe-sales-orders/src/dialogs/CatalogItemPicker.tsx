import { formatCount, formatUnitPrice } from '@printpool/domain';
import { Form, Select } from '@printpool/ui/form';
import { useState } from 'react';
import { useCatalogItems, type CatalogItem } from '../api/catalogLookups.js';
import type { EditableLine } from '../domain/salesOrderUpdate.js';

/** A line for a catalog item: its QuickBooks id (what allocation and write-back read), name and price as synced. */
export function lineFromItem(item: CatalogItem): EditableLine {
  return { itemId: item.qbId, itemName: item.fullName, quantity: 1, unitPrice: item.unitPrice, description: item.description, sku: item.sku };
}

/** Searches the synced catalog and adds the chosen item to the form's lines. */
export function CatalogItemPicker() {
  const form = Form.useFormInstance();
  const [typed, setTyped] = useState('');
  const { data, isFetching } = useCatalogItems(typed);
  const items = data ?? [];
  const add = (qbId: string) => {
    const item = items.find((candidate) => candidate.qbId === qbId);
    if (!item) return;
    const lines = (form.getFieldValue('items') ?? []) as EditableLine[];
    form.setFieldValue('items', [...lines, lineFromItem(item)]);
    setTyped('');
  };
  return (
    <Form.Item label="Add Item from Catalog" htmlFor="catalog-item-picker">
      <Select
        id="catalog-item-picker"
        aria-label="Add Item from Catalog"
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
        placeholder="Search items by name or SKU"
        value={null}
        loading={isFetching}
        onChange={add}
        notFoundContent={isFetching ? 'Loading...' : 'No items found'}
        options={items.map((item) => ({
          value: item.qbId,
          label: `${item.fullName}${item.sku ? ` (${item.sku})` : ''} — ${formatUnitPrice(item.unitPrice)}, ${formatCount(item.virtualInventory)} in pool`,
        }))}
      />
    </Form.Item>
  );
}
