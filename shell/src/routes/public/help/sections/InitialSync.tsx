import { Typography } from 'antd';

export function InitialSync() {
  return (
    <>
      <Typography.Paragraph>Once connected, the first sync takes about 1-2 minutes. It brings in:</Typography.Paragraph>
      <ol>
        <li>Customers</li>
        <li>Items and pricing</li>
        <li>Bulk purchase orders</li>
        <li>Virtual inventory calculation</li>
        <li>Existing estimates</li>
      </ol>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Run it again at any time with <strong>Sync Data</strong> in the user menu.
      </Typography.Paragraph>
    </>
  );
}
