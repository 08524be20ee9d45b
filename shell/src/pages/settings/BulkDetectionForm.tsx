import { DEFAULT_BULK_SUFFIX, FAX_MAX_LENGTH, formatFaxNumber } from '@printpool/domain';
import { roleAllows, roleRefusal, UserSettingsInputSchema, type User, type VersionChoice } from '@printpool/contracts';
import { resolveFields, versionConflictOf } from '@printpool/platform';
import { ruleFrom, VersionConflictReview } from '@printpool/ui/form';
import { Alert, Button, Card, Flex, Form, Input, Radio } from 'antd';
import { useSaveSettings, useTestDetection, type BulkSettings } from './useSettingsMutations.js';

function initialValues(user: User | null): BulkSettings {
  return {
    bulkPoSuffix: user?.bulkPoSuffix ?? DEFAULT_BULK_SUFFIX,
    bulkEstimateSuffix: user?.bulkEstimateSuffix ?? DEFAULT_BULK_SUFFIX,
    faxNumber: user?.faxNumber ?? '',
    pullTicketPrices: user?.pullTicketPrices ?? 'none',
  };
}

/**
 * The suffixes that mark BULK purchase orders and estimates, the fax number printed on pull
 * tickets, and which price a pull ticket shows the vendor: none, or the broker's cost from the
 * bulk PO; never the customer's price (svc-documents/src/pdf/pullTicketPdf.ts). They are the
 * company's, so only an owner changes or tests them; other members read them (docs/product.md §6).
 */
export function BulkDetectionForm({ user }: { user: User | null }) {
  const [form] = Form.useForm<BulkSettings>();
  const save = useSaveSettings();
  const test = useTestDetection();
  const isOwner = roleAllows(user?.role ?? 'viewer', 'owner');
  const conflict = versionConflictOf<User>(save.error);
  // The owner's input, with the saved values they chose, on the version they were shown.
  const saveAgain = (choices: VersionChoice[]) => {
    const resolved = resolveFields(form.getFieldsValue(true) as BulkSettings, conflict!.differences, choices);
    form.setFieldsValue(resolved);
    save.mutate({ settings: resolved, version: conflict!.current.settingsVersion });
  };

  const runTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) test.mutate(values);
  };

  return (
    <Card title="BULK Item Detection">
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(user)}
        onFinish={(values) => save.mutate({ settings: values, version: user?.settingsVersion ?? '' })}
        requiredMark={false}
        disabled={!isOwner}
      >
        <Form.Item
          label="Purchase Order Suffix"
          name="bulkPoSuffix"
          extra="Purchase orders whose number ends with this suffix form the BULK inventory pool (e.g. -BL, -BULK)."
          rules={[ruleFrom(UserSettingsInputSchema.shape.bulkPoSuffix)]}
        >
          <Input placeholder={DEFAULT_BULK_SUFFIX} />
        </Form.Item>
        <Form.Item
          label="Estimate Suffix"
          name="bulkEstimateSuffix"
          extra="Estimates whose number ends with this suffix are imported as sales orders."
          rules={[ruleFrom(UserSettingsInputSchema.shape.bulkEstimateSuffix)]}
        >
          <Input placeholder={DEFAULT_BULK_SUFFIX} />
        </Form.Item>
        <Form.Item label="Fax Number" name="faxNumber" extra="Printed on pull tickets. Optional." normalize={(value: string) => formatFaxNumber(value ?? '')}>
          <Input type="tel" maxLength={FAX_MAX_LENGTH} placeholder="(555) 123-4567" />
        </Form.Item>
        <Form.Item label="Prices on Pull Tickets" name="pullTicketPrices" extra="Pull tickets go to vendors: they never show what the customer pays.">
          <Radio.Group
            options={[
              { value: 'none', label: 'No prices' },
              { value: 'cost', label: 'Our cost (unit cost on the bulk PO)' },
            ]}
          />
        </Form.Item>
        <Alert type="info" showIcon title="Suffix changes take effect after the next full sync." style={{ marginBottom: 16 }} />
        {conflict && (
          <div style={{ marginBottom: 16 }}>
            <VersionConflictReview
              key={conflict.current.settingsVersion}
              what="company's settings"
              differences={conflict.differences}
              saving={save.isPending}
              onSaveAgain={saveAgain}
            />
          </div>
        )}
        {isOwner ? (
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
            <Button onClick={runTest} disabled={test.isPending}>
              {test.isPending ? 'Testing...' : 'Test Detection'}
            </Button>
          </Flex>
        ) : (
          <Alert type="warning" showIcon title={roleRefusal('owner')} description="The settings belong to the company; its owners change them." />
        )}
      </Form>
    </Card>
  );
}
