import { AutoComplete, Form } from '@printpool/ui/form';
import { useCustomerSuggestions } from '../api/catalogLookups.js';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * The customer's name, typed or chosen from the synced customers. The estimate written back is
 * for the QuickBooks customer of that display name (svc-sync/src/db/customerByName.ts), so a
 * suggestion fills in the name QuickBooks knows, and its e-mail when none is typed.
 */
export function CustomerNameInput({ id, value = '', onChange }: Props) {
  const form = Form.useFormInstance();
  const { data } = useCustomerSuggestions(value);
  const customers = data ?? [];
  return (
    <AutoComplete
      id={id}
      aria-label="Customer Name"
      value={value}
      onChange={(next: string) => onChange?.(next)}
      onSelect={(name: string) => {
        const customer = customers.find((candidate) => candidate.name === name);
        if (customer?.email && !form.getFieldValue('customerEmail')) form.setFieldValue('customerEmail', customer.email);
      }}
      placeholder="Type a name or choose a synced customer"
      // The first suggestion is the one Enter takes and the arrows start from, as a combobox's list is for the keyboard.
      defaultActiveFirstOption
      options={customers.map((customer) => ({ value: customer.name, label: customer.fullName === customer.name ? customer.name : `${customer.fullName}` }))}
    />
  );
}
