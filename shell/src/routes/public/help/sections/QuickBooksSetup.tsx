import { Typography } from 'antd';

export function QuickBooksSetup() {
  return (
    <>
      <Typography.Paragraph>
        PrintPool reads your customers, items, purchase orders and estimates from QuickBooks Online. Before you connect, make sure you have:
      </Typography.Paragraph>
      <ul>
        <li>An active QuickBooks Online plan: Simple Start, Essentials, Plus or Advanced.</li>
        <li>Admin access to the QuickBooks Online company, or an admin who can approve the connection.</li>
        <li>Your customers, items and purchase orders already present in QuickBooks Online.</li>
        <li>Bulk purchase orders, and the estimates you want as sales orders, numbered with your bulk suffix (-BL by default).</li>
      </ul>
    </>
  );
}
