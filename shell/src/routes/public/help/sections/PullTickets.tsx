import { Typography } from 'antd';

export function PullTickets() {
  return (
    <>
      <Typography.Paragraph>
        When a customer accepts an estimate, create a pull ticket from its sales order to ask the vendor to pull and ship the goods. A pull ticket carries the
        customer&apos;s shipping information, item specifications and quantities, vendor contact details, purchase order references and any special notes.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Download it as a PDF or email it to the vendor, approve it once the vendor confirms, and mark it shipped to notify the customer. Every email is logged
        with its time on the Dashboard.
      </Typography.Paragraph>
    </>
  );
}
