import { PurchaseOrderCreateSchema, type Vendor } from '@printpool/contracts';
import { Button } from '@printpool/ui';
import { Form, ruleFrom, Select } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { useState } from 'react';
import { useVendors } from '../../api/vendors.js';
import { serverSearchProps } from '../serverSearch.js';

interface Props {
  /** The broker chose Add vendor: the name typed is a new vendor. */
  adding: boolean;
  onAdding: (adding: boolean) => void;
  onChosen: (vendor: Vendor) => void;
}

const vendorRule = ruleFrom(PurchaseOrderCreateSchema.shape.vendorName);

/** How a vendor reads among the choices: its name, its e-mail, and where it comes from when not from QuickBooks. */
export const vendorLabel = (vendor: Vendor) => `${vendor.name}${vendor.email ? ` — ${vendor.email}` : ''}${vendor.qbId ? '' : ' (added in PrintPool)'}`;

/**
 * New Purchase Order's vendor (docs/product.md §5): chosen from the company's vendors, searched as
 * the broker types, so "Atlas Print" never becomes a second "Atlas Print Works Corp."; a vendor
 * the company lacks is added only on the broker's explicit Add vendor, with its e-mail.
 */
export function VendorField({ adding, onAdding, onChosen }: Props) {
  const [typed, setTyped] = useState('');
  const { data, isFetching } = useVendors(typed);
  const vendors = data ?? [];
  if (adding) {
    return (
      <Form.Item
        label="New Vendor"
        name="vendorName"
        rules={[vendorRule]}
        extra={
          <span>
            Kept in PrintPool with its e-mail, and offered with your vendors from now on.{' '}
            <Button type="link" size="small" onClick={() => onAdding(false)}>
              Choose an existing vendor
            </Button>
          </span>
        }
      >
        <Input placeholder="The vendor's name" />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      label="Vendor"
      name="vendorName"
      htmlFor="po-vendor-picker"
      rules={[vendorRule]}
      extra={
        <Button type="link" size="small" onClick={() => onAdding(true)}>
          Add vendor
        </Button>
      }
    >
      <Select
        id="po-vendor-picker"
        aria-label="Vendor"
        {...serverSearchProps(typed, setTyped, isFetching, 'No vendors found: Add vendor to add a new one')}
        placeholder="Search your vendors by name or e-mail"
        onChange={(name: string) => {
          const vendor = vendors.find((candidate) => candidate.name === name);
          if (vendor) onChosen(vendor);
          setTyped('');
        }}
        options={vendors.map((vendor) => ({ value: vendor.name, label: vendorLabel(vendor) }))}
      />
    </Form.Item>
  );
}
