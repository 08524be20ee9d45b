import { DEFAULT_BULK_SUFFIX, FAX_MAX_LENGTH, formatFaxNumber } from '@printpool/domain';
import type { AuthUser } from '@printpool/platform';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { useSaveSettings, useTestDetection, type BulkSettings } from './useSettingsMutations.js';

function initialValues(user: AuthUser | null): BulkSettings {
  return {
    bulkPoSuffix: user?.bulkPoSuffix || DEFAULT_BULK_SUFFIX,
    bulkEstimateSuffix: user?.bulkEstimateSuffix || DEFAULT_BULK_SUFFIX,
    faxNumber: user?.faxNumber ?? '',
  };
}

/** The suffixes that mark BULK purchase orders and estimates, and the fax number printed on pull tickets. */
export function BulkDetectionForm({ user }: { user: AuthUser | null }) {
  const [form] = Form.useForm<BulkSettings>();
  const save = useSaveSettings();
  const test = useTestDetection();

  const runTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) test.mutate(values);
  };

  return (
    <Card title="BULK Item Detection">
      <Form form={form} layout="vertical" initialValues={initialValues(user)} onFinish={(values) => save.mutate(values)} requiredMark={false}>
        <Form.Item
          label="Purchase Order Suffix"
          name="bulkPoSuffix"
          extra="Purchase orders whose number ends with this suffix form the BULK inventory pool (e.g. -BL, -BULK)."
          rules={[{ required: true, whitespace: true, message: 'Purchase Order suffix is required' }]}
        >
          <Input placeholder={DEFAULT_BULK_SUFFIX} />
        </Form.Item>
        <Form.Item
          label="Estimate Suffix"
          name="bulkEstimateSuffix"
          extra="Estimates whose number ends with this suffix are imported as sales orders."
          rules={[{ required: true, whitespace: true, message: 'Estimate suffix is required' }]}
        >
          <Input placeholder={DEFAULT_BULK_SUFFIX} />
        </Form.Item>
        <Form.Item label="Fax Number" name="faxNumber" extra="Printed on pull tickets. Optional." normalize={(value: string) => formatFaxNumber(value ?? '')}>
          <Input type="tel" maxLength={FAX_MAX_LENGTH} placeholder="(555) 123-4567" />
        </Form.Item>
        <Alert type="info" showIcon title="Suffix changes take effect after the next full sync." style={{ marginBottom: 16 }} />
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
          <Button onClick={runTest} disabled={test.isPending}>
            {test.isPending ? 'Testing...' : 'Test Detection'}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
