import { Card, Typography } from 'antd';

export function HowItWorksCard() {
  return (
    <Card title="How It Works">
      <Typography.Paragraph>
        PrintPool reads document numbers from QuickBooks. A purchase order whose number ends with the Purchase Order suffix (for example{' '}
        <Typography.Text code>PO-1001-BL</Typography.Text>) is a BULK purchase order: its quantities form the virtual inventory held at the vendor.
      </Typography.Paragraph>
      <Typography.Paragraph>
        An estimate whose number ends with the Estimate suffix becomes a sales order and draws its quantities from a matching BULK purchase order.
      </Typography.Paragraph>
      <Typography.Paragraph>
        Test Detection counts the documents the current values would match, without saving them. Saved changes apply to the next full sync.
      </Typography.Paragraph>
    </Card>
  );
}
