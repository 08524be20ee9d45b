import { MAX_TERM_MONTHS, MAX_LEAD_TIME_DAYS, roleRefusal, type VendorProgramDefaults, type VersionChoice } from '@printpool/contracts';
import { useCan, versionConflictOf } from '@printpool/platform';
import { Button, Card, Flex, Typography } from '@printpool/ui';
import { Alert, Form, InputNumber, Select, VersionConflictReview } from '@printpool/ui/form';
import { useState } from 'react';
import { useSaveVendorProgramDefaults, useVendorProgramDefaults } from '../api/useVendorProgramDefaults.js';
import { useVendors } from '../api/vendors.js';
import { serverSearchProps } from '../components/serverSearch.js';
import { vendorLabel } from '../components/create/VendorField.js';
import { half, ProgramTermsFields, wholeRule } from '../components/program/ProgramTermsFields.js';
import { defaultsFormValues, resolveTermsConflict, SOURCE_TEXT, toDefaultsBody, type DefaultsFormValues } from '../domain/programTerms.js';

/** The vendors whose defaults can be read and saved: those the company's purchase orders name (libs/contracts orderLists.ts). */
const NAMED_ON_PURCHASE_ORDERS = { withPurchaseOrders: 'true' };

/**
 * The form of one vendor's defaults, filled from the version it was read at; staff and owners save
 * them on that version, and a save someone overtook keeps the input and offers theirs or mine per field.
 */
function VendorDefaultsForm({ defaults }: { defaults: VendorProgramDefaults }) {
  const [form] = Form.useForm<DefaultsFormValues>();
  const canWork = useCan('staff');
  const save = useSaveVendorProgramDefaults(defaults.vendorName);
  const conflict = versionConflictOf<VendorProgramDefaults>(save.error);
  const formValues = () => form.getFieldsValue(true) as DefaultsFormValues;
  const saveAgain = (choices: VersionChoice[]) => {
    const resolved = resolveTermsConflict(formValues(), conflict!.differences, choices);
    form.setFieldsValue(resolved);
    save.mutate({ body: toDefaultsBody(resolved), version: conflict!.current.version });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={defaultsFormValues(defaults)}
      onFinish={() => save.mutate({ body: toDefaultsBody(formValues()), version: defaults.version })}
      requiredMark={false}
      disabled={!canWork}
      aria-label={`Program defaults of ${defaults.vendorName}`}
    >
      <Typography.Paragraph type="secondary">
        {defaults.source === 'vendor-defaults'
          ? `${SOURCE_TEXT[defaults.source]}: ${defaults.vendorName}'s bulk POs without terms of their own read these.`
          : `${SOURCE_TEXT[defaults.source]}: ${defaults.vendorName} has no defaults of its own yet; saving makes these its own.`}
      </Typography.Paragraph>
      <ProgramTermsFields
        leading={
          <Form.Item
            label="Term (months)"
            name="termMonths"
            style={half}
            extra="From a PO's date to the end of its program."
            rules={[{ required: true, message: 'Term is required' }, wholeRule('Term', 1, MAX_TERM_MONTHS)]}
          >
            <InputNumber min={1} max={MAX_TERM_MONTHS} style={{ width: '100%' }} />
          </Form.Item>
        }
        trailing={
          <Form.Item
            label="Lead Time (days)"
            name="leadTimeDays"
            style={half}
            extra="From ordering a run to its arrival. Customers' reorder points keep this and a month more, unless set."
            rules={[{ required: true, message: 'Lead time is required' }, wholeRule('Lead time', 0, MAX_LEAD_TIME_DAYS)]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        }
      />
      {conflict && (
        <div style={{ marginBottom: 12 }}>
          <VersionConflictReview
            key={conflict.current.version}
            what="vendor's program defaults"
            differences={conflict.differences}
            saving={save.isPending}
            onSaveAgain={saveAgain}
          />
        </div>
      )}
      {canWork ? (
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Defaults'}
          </Button>
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={roleRefusal('staff')} description="Staff and owners set a vendor's program defaults." />
      )}
    </Form>
  );
}

function ChosenVendorDefaults({ vendorName }: { vendorName: string }) {
  const defaults = useVendorProgramDefaults(vendorName);
  if (defaults.isPending) return <Typography.Text type="secondary">Loading program defaults...</Typography.Text>;
  if (defaults.isError) return <Typography.Text type="danger">Could not load the program defaults</Typography.Text>;
  // A new version (this save, or another read after one) fills the form afresh.
  return <VendorDefaultsForm key={`${defaults.data.vendorName}@${defaults.data.version}`} defaults={defaults.data} />;
}

/**
 * Settings' vendor program defaults (docs/product.md §2 Settings, §11): the broker picks a vendor
 * their purchase orders name and reads the terms its bulk POs without terms of their own run by,
 * its own or the product's; staff and owners save them. The shell places it (its ./settings module).
 */
export function VendorProgramDefaultsCard() {
  const [typed, setTyped] = useState('');
  const [vendorName, setVendorName] = useState<string | null>(null);
  const { data, isFetching } = useVendors(typed, NAMED_ON_PURCHASE_ORDERS);
  const vendors = data ?? [];
  return (
    <Card title="Vendor Program Defaults" role="group" aria-label="Vendor Program Defaults">
      <Typography.Paragraph>
        The terms a vendor&apos;s bulk purchase orders run by until a PO is given terms of its own on its Program card. None of them is written to QuickBooks.
      </Typography.Paragraph>
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <label htmlFor="program-defaults-vendor">Vendor</label>
        <Select
          id="program-defaults-vendor"
          aria-label="Vendor"
          {...serverSearchProps(typed, setTyped, isFetching, 'No vendor of your purchase orders matches')}
          placeholder="Choose a vendor of your purchase orders"
          value={vendorName ?? undefined}
          onChange={(name: string) => {
            setVendorName(name);
            setTyped('');
          }}
          options={vendors.map((vendor) => ({ value: vendor.name, label: vendorLabel(vendor) }))}
        />
      </Flex>
      {vendorName !== null && <ChosenVendorDefaults vendorName={vendorName} />}
    </Card>
  );
}
