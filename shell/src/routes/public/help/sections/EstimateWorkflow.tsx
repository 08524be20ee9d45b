import { Typography } from 'antd';

export function EstimateWorkflow() {
  return (
    <>
      <Typography.Paragraph>Estimates drive every order, from quote to invoice:</Typography.Paragraph>
      <ol>
        <li>Create the estimate in QuickBooks Online, numbered with your bulk estimate suffix.</li>
        <li>It syncs into PrintPool as a sales order.</li>
        <li>Virtual inventory is deducted from the matching bulk purchase orders.</li>
        <li>Email the estimate to your customer from QuickBooks Online.</li>
        <li>Once the customer accepts, generate a pull ticket for the vendor holding the stock.</li>
        <li>Convert the estimate to an invoice in QuickBooks Online.</li>
      </ol>
    </>
  );
}
