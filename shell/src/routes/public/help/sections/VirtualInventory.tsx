import { Typography } from 'antd';

export function VirtualInventory() {
  return (
    <>
      <Typography.Paragraph>
        Your bulk purchase orders form a pool of stock that your vendors hold for you. Each sales order deducts its quantities from a matching bulk purchase
        order, and every order and line item shows how much is left:
      </Typography.Paragraph>
      <ul>
        <li>
          <strong>Available</strong>: less than 25% used.
        </li>
        <li>
          <strong>In Use</strong>: 25% or more used.
        </li>
        <li>
          <strong>Low Stock</strong>: 75% or more used.
        </li>
        <li>
          <strong>Depleted</strong>: nothing remaining.
        </li>
      </ul>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Customers, items and bulk purchase orders are read-only in PrintPool; change them in QuickBooks Online and sync.
      </Typography.Paragraph>
    </>
  );
}
