import { Typography } from 'antd';

export function SettingsConfig() {
  return (
    <>
      <Typography.Paragraph>
        Open <strong>Settings</strong> from the sidebar to tell PrintPool which documents are bulk documents.
      </Typography.Paragraph>
      <ul>
        <li>
          <strong>Bulk PO suffix</strong>: purchase orders whose number ends with it form your virtual inventory. The default is -BL.
        </li>
        <li>
          <strong>Bulk estimate suffix</strong>: estimates whose number ends with it are imported as sales orders. The default is also -BL.
        </li>
        <li>Other common choices are -BULK, or BULK- used as a prefix.</li>
        <li>
          <strong>Fax number</strong> (optional): appears on your pull tickets.
        </li>
      </ul>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Use <strong>Test Detection</strong> to see how many bulk purchase orders and estimates match before you save. Suffix changes take effect after a full
        sync.
      </Typography.Paragraph>
    </>
  );
}
